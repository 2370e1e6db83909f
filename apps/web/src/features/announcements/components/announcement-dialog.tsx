import { Button, Modal } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "../../../components/relative-time.tsx";
import type { AnnouncementView } from "../utils/parse-announcement.ts";
import "./announcements.css";

// Rare (every announcement deleted): antd's Empty is not worth a place in the shell's first load.
const SimpleEmpty = lazy(() => import("../../../components/simple-empty.tsx"));

function AnnouncementItem({ item }: { item: AnnouncementView }) {
  const { t } = useTranslation();
  const title =
    item.wifiId !== null
      ? t("common:announcements.deviceWarning", { wifiId: item.wifiId })
      : item.title || t("common:announcements.untitled");
  return (
    <article className="announcement-item">
      <header className="announcement-item-header">
        <h3 className="announcement-item-title">
          {title}
          {item.read ? null : <span className="announcement-item-new">{t("common:announcements.new")}</span>}
        </h3>
        <RelativeTime className="announcement-item-time" value={item.publishedAt} />
      </header>
      {item.text ? <p className="announcement-item-text">{item.text}</p> : null}
    </article>
  );
}

export function AnnouncementDialog({
  open,
  items,
  onClose,
}: {
  open: boolean;
  items: readonly AnnouncementView[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t("common:announcements.title")}
      onCancel={onClose}
      width={560}
      centered
      footer={
        <Button type="primary" onClick={onClose}>
          {t("common:announcements.gotIt")}
        </Button>
      }
      destroyOnHidden
    >
      {items.length === 0 ? (
        <Suspense fallback={null}>
          <SimpleEmpty description={t("common:announcements.empty")} />
        </Suspense>
      ) : (
        <div className="announcement-list">
          {items.map((item) => (
            <AnnouncementItem key={item.id} item={item} />
          ))}
        </div>
      )}
    </Modal>
  );
}
