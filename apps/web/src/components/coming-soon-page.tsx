import { ToolOutlined } from "@ant-design/icons";
import { Button, Card, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useMatches, useNavigate } from "react-router";
import "./coming-soon-page.css";

/** What the router puts in a page route's `handle`. */
interface PageHandle {
  titleKey: string;
  isHome?: boolean;
}

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === "object" && handle !== null && typeof (handle as { titleKey?: unknown }).titleKey === "string";

/** Placeholder for business pages not delivered yet: a finished-looking empty state, never a crash. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => isPageHandle(m.handle))?.handle as PageHandle | undefined;
  return (
    <Card className="coming-soon-card" variant="borderless">
      <Result
        icon={<ToolOutlined className="coming-soon-icon" />}
        title={handle ? t(handle.titleKey) : t("common:comingSoon.title")}
        subTitle={t("common:comingSoon.text")}
        extra={
          handle?.isHome ? null : (
            <Button type="primary" onClick={() => navigate("/")}>
              {t("common:actions.backHome")}
            </Button>
          )
        }
      />
    </Card>
  );
}
