import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { StatusNotice } from "../../components/status-notice.tsx";
import { queryClient } from "../query-client.ts";

/**
 * A page inside the module shell that threw while rendering: the sidebar, top bar and tabs
 * stay, so the user can go elsewhere. "Try again" renders the page afresh (the error
 * boundary starts over on a new location, even the same address) on freshly fetched data: an
 * answer the page could not show would otherwise come back from the cache and break it again.
 * A chunk that failed to load needs the reload. The error itself reaches the error log through
 * the router's onError (app/main.tsx).
 */
export function PageErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <StatusNotice
      status="error"
      title={t("common:pages.pageCrashed.title")}
      subTitle={t("common:pages.pageCrashed.text")}
      extra={
        <>
          <Button
            type="primary"
            onClick={() => {
              void queryClient.resetQueries();
              navigate(location, { replace: true });
            }}
          >
            {t("common:actions.retry")}
          </Button>
          <Button onClick={() => window.location.reload()}>{t("common:actions.reload")}</Button>
        </>
      }
    />
  );
}
