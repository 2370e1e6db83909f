import { App, Card, Form, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useLeaveGuard } from "../../../lib/use-leave-guard.ts";
import { useCreateCheckerTask } from "../api/use-create-checker-task.ts";
import { useTaskChecker } from "../api/use-task-checkers.ts";
import { LeaveTaskModal } from "../components/leave-task-modal.tsx";
import { TaskForm } from "../components/task-form.tsx";
import { idFromQuery } from "../utils/list-query.ts";
import { checkerChoicesLive } from "../utils/live-keys.ts";
import {
  emptyTaskForm,
  fieldOfServerError,
  hasTaskEdits,
  type TaskFormValues,
  toCreateRequest,
} from "../utils/task-form.ts";
import { TASK_LIST_PATH } from "../utils/task-paths.ts";
import "../components/checker-tasks.css";

const ROUTE_NAME = "createDataReport";

/**
 * createDataReport: a new task for one of the caller's checkers (`?deviceId=` chooses it, as a
 * checker's page links here). Sent, it goes to the open tasks; left half-filled, it asks first.
 */
export default function CreateTaskPage() {
  const { t } = useTranslation(["checkerTasks", "errors"]);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkedId = idFromQuery(params.get("deviceId"));
  const [form] = Form.useForm<TaskFormValues>();
  const [initialValues] = useState(() => emptyTaskForm(linkedId));
  const [dirty, setDirty] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateCheckerTask();
  const deviceId = (Form.useWatch("deviceId", form) as number | null | undefined) ?? linkedId;
  const checker = useTaskChecker(deviceId);
  // The checkers' states move with their connections and tasks: the choices and the chosen one follow.
  useDeviceEvents(checkerChoicesLive);
  const guard = useLeaveGuard(ROUTE_NAME, dirty);

  // A checker page's link chooses its checker, also when this form's tab was kept from before.
  const applied = useRef(linkedId);
  useEffect(() => {
    if (linkedId === null || linkedId === applied.current) return;
    applied.current = linkedId;
    form.setFieldValue("deviceId", linkedId);
  }, [linkedId, form]);

  const submit = async (values: TaskFormValues) => {
    setAlert(null);
    try {
      const task = await create.mutateAsync(toCreateRequest(values));
      guard.release();
      void message.success(t("form.created", { name: task.name }));
      navigate(TASK_LIST_PATH, { replace: true });
    } catch (error) {
      const text = errorMessage(t, error);
      const field = error instanceof ApiError ? fieldOfServerError(error.errorCode) : null;
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setAlert(text);
    }
  };

  return (
    <Card variant="borderless" className="checker-tasks-form-card">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t("form.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("form.intro")}</Typography.Paragraph>
      <TaskForm
        form={form}
        initialValues={initialValues}
        checkerStatus={checker.data?.status ?? null}
        pending={create.isPending}
        alert={alert}
        onValuesChange={() => {
          setAlert(null);
          setDirty(hasTaskEdits(form.getFieldsValue(true) as TaskFormValues));
        }}
        onSubmit={(values) => void submit(values)}
        onCancel={() => navigate(TASK_LIST_PATH)}
      />
      <LeaveTaskModal open={guard.asking} onDecide={guard.decide} />
    </Card>
  );
}
