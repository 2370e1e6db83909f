import { AppstoreOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthLayout } from "../components/auth-layout.tsx";
import { clearRegistration } from "../utils/journey-storage.ts";

export default function SuccessPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();

  // The journey is over; a later visit to the agreement page is a plain re-acceptance.
  useEffect(() => clearRegistration(), []);

  return (
    <AuthLayout journey="registration">
      <Result
        status="success"
        title={t("success.heading")}
        subTitle={t("success.text")}
        style={{ padding: "8px 0 0" }}
        extra={
          <Button
            type="primary"
            size="large"
            icon={<AppstoreOutlined />}
            onClick={() => navigate("/restrict", { replace: true })}
          >
            {t("success.chooseModule")}
          </Button>
        }
      />
    </AuthLayout>
  );
}
