import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";

/** A list that could not be loaded, with the reason and a retry. */
export function ListFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(["projects", "errors"]);
  return (
    <Result
      status="warning"
      title={t("detail.listFailed")}
      subTitle={errorMessage(t, error)}
      extra={<Button onClick={onRetry}>{t("common:actions.retry")}</Button>}
    />
  );
}
