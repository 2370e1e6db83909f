import { useTranslation } from "react-i18next";
import { StatusPage } from "./status-page.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage status="404" title={t("common:pages.notFound.title")} subTitle={t("common:pages.notFound.text")} />
  );
}
