import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { StatusNotice } from "../../components/status-notice.tsx";

/**
 * A page that failed to load (e.g. a chunk lost after a deploy) or threw while rendering. In the
 * entry chunk, so it shows even when no other chunk can be fetched; hence StatusNotice, not the
 * StatusPage of the lazy 404/401 pages (antd's Result and its illustrations). The error itself
 * reaches the error log (or a development build's console) through the router's onError.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="full-page-center status-page">
      <StatusNotice
        status="error"
        title={t("common:pages.crashed.title")}
        subTitle={t("common:pages.crashed.text")}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t("common:actions.reload")}
          </Button>
        }
      />
    </div>
  );
}
