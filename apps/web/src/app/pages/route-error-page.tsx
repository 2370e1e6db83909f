import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { StatusPage } from "./status-page.tsx";

/** A page that failed to load (e.g. a chunk lost after a deploy) or threw while rendering. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusPage
      status="error"
      title={t("common:pages.crashed.title")}
      subTitle={t("common:pages.crashed.text")}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t("common:actions.reload")}
        </Button>
      }
    />
  );
}
