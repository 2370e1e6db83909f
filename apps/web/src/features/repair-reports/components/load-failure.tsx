import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";

/** A failed load, with what went wrong and a way to try again. */
export function LoadFailure({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(["repairReports", "errors", "common"]);
  return (
    <Result
      status="error"
      title={title}
      subTitle={errorMessage(t, error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t("common:actions.retry")}
        </Button>
      }
    />
  );
}
