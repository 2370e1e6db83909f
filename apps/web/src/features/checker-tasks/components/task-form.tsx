import {
  TASK_KINDS,
  TASK_MAX_DAYS,
  TASK_NAME_MAX,
  type TTaskKind,
  ZCreateTaskRequest,
} from "@vrf/contract/hi-checker/tasks.ts";
import { NOTE_MAX } from "@vrf/contract/rules.ts";
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormInstance,
  Grid,
  Input,
  InputNumber,
  Radio,
  Row,
} from "antd";
import type { Rule } from "antd/es/form";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { contractRule } from "../../../lib/contract-rule.ts";
import {
  endAtMillis,
  endAtProblem,
  INTERVAL_ERROR_KEY,
  intervalAfterKindChange,
  intervalRange,
  isIntervalAllowed,
  latestEndAt,
  type TaskFormValues,
} from "../utils/task-form.ts";
import { CheckerSelect } from "./checker-select.tsx";
import { durationText } from "./task-texts.ts";

// Emptiness is the `required` rule's to report, once.
const SKIP_EMPTY = { skipEmpty: true };
const END_AT_FORMAT = "YYYY-MM-DD HH:mm";

interface TaskFormProps {
  form: FormInstance<TaskFormValues>;
  initialValues: TaskFormValues;
  /** The chosen checker's state, when known: an offline one cannot start a task. */
  checkerStatus: string | null;
  pending: boolean;
  /** Why the server refused the task, when it is about no one field. */
  alert: string | null;
  onValuesChange: () => void;
  onSubmit: (values: TaskFormValues) => void;
  onCancel: () => void;
}

/**
 * A new task: the checker, a name, message capture or data collection, the interval (whose range
 * follows the kind), the end time and notes. The rules are the contract's, so the form refuses
 * what the server would.
 */
export function TaskForm(props: TaskFormProps) {
  const { form, initialValues, checkerStatus, pending, alert, onValuesChange, onSubmit, onCancel } = props;
  const { t } = useTranslation(["checkerTasks", "errors"]);
  const tr = (key: string) => t(key);
  const kind = Form.useWatch("kind", form) ?? initialValues.kind;
  const interval = Form.useWatch("intervalS", form) ?? null;
  const deviceId = Form.useWatch("deviceId", form) ?? null;
  const range = intervalRange(kind);
  const previousKind = useRef(kind);
  const wide = Grid.useBreakpoint().md ?? true;

  // The checker's state can arrive (or change) after it was chosen: its rule is checked again then.
  const offline = checkerStatus === "offline";
  useEffect(() => {
    if (deviceId !== null && checkerStatus !== null) void form.validateFields(["deviceId"]).catch(() => undefined);
  }, [deviceId, checkerStatus, form]);

  const changed = (values: Partial<TaskFormValues>) => {
    if (values.kind !== undefined && values.kind !== previousKind.current) {
      const current = form.getFieldValue("intervalS") as number | null;
      form.setFieldValue("intervalS", intervalAfterKindChange(previousKind.current, values.kind, current));
      previousKind.current = values.kind;
      void form.validateFields(["intervalS"]).catch(() => undefined);
    }
    onValuesChange();
  };

  const checkerRules: Rule[] = [
    { required: true, message: t("form.chooseChecker") },
    {
      validator: () => (offline ? Promise.reject(new Error(t("form.checkerOffline"))) : Promise.resolve()),
    },
  ];
  const intervalRules: Rule[] = [
    { required: true, message: t("form.enterInterval") },
    {
      validator: (_, value: number | null | undefined) => {
        // The kind just chosen, also when this render has not seen it yet.
        const current = (form.getFieldValue("kind") as TTaskKind | undefined) ?? kind;
        return value === null || value === undefined || isIntervalAllowed(current, value)
          ? Promise.resolve()
          : Promise.reject(new Error(t(`errors:${INTERVAL_ERROR_KEY[current]}`)));
      },
    },
  ];
  const endAtRules: Rule[] = [
    {
      validator: (_, value: Dayjs | null | undefined) => {
        const problem = endAtProblem(value ? endAtMillis(value) : null, Date.now());
        if (problem === null) return Promise.resolve();
        const message = {
          required: t("form.chooseEndAt"),
          notLater: t("errors:taskEndNotLater"),
          tooLong: t("errors:taskTooLong"),
        }[problem];
        return Promise.reject(new Error(message));
      },
    },
  ];

  return (
    <Form<TaskFormValues>
      form={form}
      layout="vertical"
      className="checker-tasks-form"
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={changed}
      disabled={pending}
      requiredMark
      scrollToFirstError
    >
      <Row gutter={[24, 0]}>
        <Col xs={24} md={12}>
          <Form.Item
            name="deviceId"
            label={t("form.checker")}
            rules={checkerRules}
            extra={offline ? null : t("form.checkerHint")}
          >
            <CheckerSelect placeholder={t("form.checkerPlaceholder")} forNewTask />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t("form.name")}
            rules={[
              { required: true, whitespace: true, message: t("form.enterName") },
              contractRule(ZCreateTaskRequest.shape.name, tr, SKIP_EMPTY),
            ]}
          >
            <Input placeholder={t("form.namePlaceholder")} maxLength={TASK_NAME_MAX} showCount />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="kind" label={t("form.kind")} required extra={t(`form.kindHint.${kind}`)}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={TASK_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="intervalS"
            label={t("form.interval")}
            rules={intervalRules}
            extra={
              interval !== null && isIntervalAllowed(kind, interval) && interval >= 60
                ? `${t("form.intervalHint", range)} · ${durationText(t, interval)}`
                : t("form.intervalHint", range)
            }
          >
            <InputNumber<number>
              min={range.min}
              max={range.max}
              precision={0}
              step={60}
              suffix={t("form.seconds")}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="endAt"
            label={t("form.endAt")}
            required
            rules={endAtRules}
            extra={t("form.endAtHint", { days: TASK_MAX_DAYS })}
          >
            <DatePicker
              showTime={{ format: "HH:mm" }}
              format={END_AT_FORMAT}
              placeholder={t("form.endAtPlaceholder")}
              style={{ width: "100%" }}
              classNames={{ popup: { root: "checker-tasks-end-popup" } }}
              // Now is never a valid end.
              showNow={false}
              disabledDate={(day) =>
                day.isBefore(dayjs().startOf("day")) || day.isAfter(dayjs(latestEndAt(Date.now())).endOf("day"))
              }
              // Beside the calendar and the clock the presets leave no room on a phone.
              presets={
                wide
                  ? [
                      { label: t("form.presets.hour"), value: () => dayjs().add(1, "hour") },
                      { label: t("form.presets.day"), value: () => dayjs().add(1, "day") },
                      { label: t("form.presets.week"), value: () => dayjs().add(7, "day") },
                    ]
                  : []
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="notes"
            label={t("form.notes")}
            rules={[contractRule(ZCreateTaskRequest.shape.notes, tr, SKIP_EMPTY)]}
          >
            <Input.TextArea
              placeholder={t("form.notesPlaceholder")}
              maxLength={NOTE_MAX}
              showCount
              autoSize={{ minRows: 3, maxRows: 8 }}
            />
          </Form.Item>
        </Col>
      </Row>
      {alert ? (
        <Alert type="error" showIcon title={t("form.failed")} description={alert} style={{ marginBottom: 16 }} />
      ) : null}
      <Flex gap={12} wrap>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t("form.submit")}
        </Button>
        <Button onClick={onCancel} disabled={pending}>
          {t("form.cancel")}
        </Button>
      </Flex>
    </Form>
  );
}
