import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { Button, Card, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { TASK_LIST_PATH, taskDataPagePath } from "../utils/task-paths.ts";

export function TaskPageLoading() {
  return (
    <Card variant="borderless">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.httpStatus === 404;

/**
 * A task that cannot be shown: a missing or malformed `taskId`, a task the caller does not see
 * (both "not found", with the way back to the tasks), or a failed load with a retry.
 */
export function TaskPageProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(["checkerTasks", "common", "errors"]);
  const navigate = useNavigate();
  const back = (
    <Button type={error === null || isNotFound(error) ? "primary" : "default"} onClick={() => navigate(TASK_LIST_PATH)}>
      {t("header.backToTasks")}
    </Button>
  );
  return (
    <Card variant="borderless">
      {error === null || isNotFound(error) ? (
        <Result status="404" title={t("header.notFound")} subTitle={t("header.notFoundHint")} extra={back} />
      ) : (
        <Result
          status="warning"
          title={t("header.loadFailed")}
          subTitle={errorMessage(t, error)}
          extra={[
            <Button key="retry" type="primary" onClick={onRetry}>
              {t("common:actions.retry")}
            </Button>,
            <span key="back">{back}</span>,
          ]}
        />
      )}
    </Card>
  );
}

/** A task opened on the other kind's page: what it gathered is on its own page, one click away. */
export function WrongKindNotice({ task }: { task: TCheckerTask }) {
  const { t } = useTranslation("checkerTasks");
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status="info"
        title={t(`header.wrongKind.${task.kind}`)}
        extra={
          <Button type="primary" onClick={() => navigate(taskDataPagePath(task), { replace: true })}>
            {t(task.kind === "capture" ? "header.openMessages" : "header.openData")}
          </Button>
        }
      />
    </Card>
  );
}
