import { ReloadOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";

/** A failed load, said plainly, with a way to try again. */
export function QueryError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("devices");
  const errorText = useErrorText();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t("list.retry")}
        </Button>
      }
    />
  );
}
