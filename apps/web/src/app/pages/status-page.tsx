import { Button, Result } from "antd";
import type { ResultStatusType } from "antd/es/result";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** Full-page error state shared by the 404, 401 and crash pages. */
export function StatusPage({
  status,
  title,
  subTitle,
  extra,
}: {
  status: ResultStatusType;
  title: ReactNode;
  subTitle: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="full-page-center status-page">
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          extra ?? (
            <Button type="primary" onClick={() => navigate("/", { replace: true })}>
              {t("common:actions.backHome")}
            </Button>
          )
        }
      />
    </div>
  );
}
