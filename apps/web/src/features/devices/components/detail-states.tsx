import { Button, Card, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { QueryError } from "./query-error.tsx";

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.httpStatus === 404;

export function DetailLoading() {
  return (
    <Card variant="borderless" className="devices-card">
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

/** A missing id, someone else's device, or a failed load: each said as such, with a way on. */
export function DetailProblem({ error, listPath, onRetry }: { error: unknown; listPath: string; onRetry: () => void }) {
  const { t } = useTranslation("devices");
  const navigate = useNavigate();
  return (
    <Card variant="borderless" className="devices-card">
      {error === null || isNotFound(error) ? (
        <Result
          status="404"
          title={t("detail.notFound")}
          extra={
            <Button type="primary" onClick={() => navigate(listPath)}>
              {t("detail.backToList")}
            </Button>
          }
        />
      ) : (
        <QueryError title={t("detail.loadFailed")} error={error} onRetry={onRetry} />
      )}
    </Card>
  );
}
