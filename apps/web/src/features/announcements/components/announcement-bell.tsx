import { BellOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAnnouncements, useMarkAnnouncementsRead } from "../api/use-announcements.ts";
import { parseAnnouncement } from "../utils/parse-announcement.ts";
import { AnnouncementDialog } from "./announcement-dialog.tsx";

/** Opened by itself at most once per page load, however often the layout remounts. */
let autoOpened = false;

/** Top-bar bell: red dot while announcements are unread; the dialog marks the shown ones read on close. */
export function AnnouncementBell() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const markRead = useMarkAnnouncementsRead();
  const [open, setOpen] = useState(false);

  const items = useMemo(
    () => (data?.msgInfos ?? []).map(parseAnnouncement).sort((a, b) => b.publishedAt - a.publishedAt),
    [data],
  );
  const unreadIds = useMemo(() => items.filter((item) => !item.read).map((item) => item.id), [items]);
  const showDot = Boolean(data?.ejectFlag) || unreadIds.length > 0;

  useEffect(() => {
    if (data?.ejectFlag && !autoOpened) {
      autoOpened = true;
      setOpen(true);
    }
  }, [data?.ejectFlag]);

  const close = () => {
    setOpen(false);
    if (unreadIds.length > 0) markRead.mutate(unreadIds);
  };

  const label = t("common:announcements.title");
  return (
    <>
      <Tooltip title={label}>
        <Button type="text" className="navbar-icon-button" aria-label={label} onClick={() => setOpen(true)}>
          <span className="announcement-bell-badge">
            <BellOutlined className="announcement-bell-icon" />
            {showDot ? <span className="announcement-bell-dot" /> : null}
          </span>
        </Button>
      </Tooltip>
      <AnnouncementDialog open={open} items={items} onClose={close} />
    </>
  );
}
