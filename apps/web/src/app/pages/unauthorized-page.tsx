import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MODULE_CHOICE_PATH } from "../guard.ts";
import { StatusPage } from "./status-page.tsx";

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPage
      status="403"
      title={t("common:pages.unauthorized.title")}
      subTitle={t("common:pages.unauthorized.text")}
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => navigate("/", { replace: true })}>
            {t("common:actions.backHome")}
          </Button>
          <Button onClick={() => navigate(MODULE_CHOICE_PATH)}>{t("common:user.switchModule")}</Button>
        </Space>
      }
    />
  );
}
