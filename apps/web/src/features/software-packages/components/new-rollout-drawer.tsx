import { Errors } from "@vrf/contract/errors.ts";
import { DEFAULT_FAILURE_SHARE_PERCENT } from "@vrf/contract/hi-checker/rollout-rules.ts";
import { ROLLOUT_IN_FLIGHT_DEFAULT, ROLLOUT_IN_FLIGHT_MAX } from "@vrf/contract/hi-checker/rollouts.ts";
import type { TSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { Alert, App, Button, Descriptions, Drawer, Flex, Form, Grid, InputNumber } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { useErrorText } from "../../../lib/error-text.ts";
import { useCreateRollout } from "../api/use-rollout-writes.ts";
import { type ChosenChecker, choiceProblem } from "../utils/checker-choice.ts";
import { CheckerPicker } from "./checker-picker.tsx";

interface FormValues {
  failureSharePercent: number;
  maxInFlight: number;
}

// Refusals about the chosen checkers: shown under the choice rather than above the form.
const CHECKER_ERRORS: ReadonlySet<number> = new Set([Errors.rolloutCheckerBusy.errorCode]);

/** "Roll out" on a firmware package: the package, the checkers and the rollout's limits, then its start. */
export function NewRolloutDrawer({
  pkg,
  onClose,
  onCreated,
}: {
  pkg: TSoftwarePackage | null;
  onClose: () => void;
  onCreated: (rolloutId: string) => void;
}) {
  const { t } = useTranslation("softwarePackages");
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={pkg !== null}
      onClose={onClose}
      title={t("newRollout.title")}
      size={screens.md ? 760 : "100%"}
      destroyOnHidden
    >
      {pkg && <NewRolloutForm pkg={pkg} onCancel={onClose} onCreated={onCreated} />}
    </Drawer>
  );
}

function NewRolloutForm({
  pkg,
  onCancel,
  onCreated,
}: {
  pkg: TSoftwarePackage;
  onCancel: () => void;
  onCreated: (rolloutId: string) => void;
}) {
  const { t } = useTranslation("softwarePackages");
  const errorText = useErrorText();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateRollout();
  const [chosen, setChosen] = useState<Map<number, ChosenChecker>>(new Map());
  const [checkersError, setCheckersError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (next: Map<number, ChosenChecker>) => {
    setChosen(next);
    setCheckersError(null);
  };

  const start = async (values: FormValues) => {
    setFailure(null);
    try {
      const rollout = await create.mutateAsync({
        packageId: pkg.id,
        deviceIds: [...chosen.keys()],
        failureSharePercent: values.failureSharePercent,
        maxInFlight: values.maxInFlight,
      });
      void message.success(t("newRollout.done", { version: rollout.version }));
      onCreated(rollout.id);
    } catch (error) {
      if (error instanceof ApiError && CHECKER_ERRORS.has(error.errorCode)) setCheckersError(errorText(error));
      else setFailure(t("newRollout.failed", { reason: errorText(error) }));
    }
  };

  const submit = (values: FormValues) => {
    const problem = choiceProblem(chosen.size);
    if (problem) {
      setCheckersError(t(`errors:${problem}`));
      return;
    }
    // Starting sends firmware to real checkers: asked once more, with what is about to happen.
    void modal.confirm({
      title: t("newRollout.confirmTitle"),
      content: t("newRollout.confirmText", {
        count: chosen.size,
        version: pkg.version,
        maxInFlight: values.maxInFlight,
        share: values.failureSharePercent,
      }),
      okText: t("newRollout.submit"),
      cancelText: t("actions.cancel"),
      onOk: () => start(values),
    });
  };

  const wholeNumber = (min: number, max: number) => ({
    required: true,
    type: "integer" as const,
    min,
    max,
    message: t("newRollout.numberRequired", { min, max }),
  });

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={{ failureSharePercent: DEFAULT_FAILURE_SHARE_PERCENT, maxInFlight: ROLLOUT_IN_FLIGHT_DEFAULT }}
      onFinish={submit}
      disabled={create.isPending}
    >
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 24 }}
        items={[
          { key: "version", label: t("newRollout.firmware"), children: pkg.version },
          { key: "file", label: t("rollout.file"), children: pkg.fileName },
        ]}
      />
      <Form.Item label={t("newRollout.checkers")} required>
        <CheckerPicker value={chosen} onChange={choose} error={checkersError} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="failureSharePercent"
          label={t("newRollout.failureShare")}
          extra={t("newRollout.failureShareHelp")}
          rules={[wholeNumber(1, 100)]}
          style={{ flex: "1 1 260px" }}
        >
          <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="maxInFlight"
          label={t("newRollout.maxInFlight")}
          extra={t("newRollout.maxInFlightHelp", { max: ROLLOUT_IN_FLIGHT_MAX })}
          rules={[wholeNumber(1, ROLLOUT_IN_FLIGHT_MAX)]}
          style={{ flex: "1 1 260px" }}
        >
          <InputNumber min={1} max={ROLLOUT_IN_FLIGHT_MAX} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel} disabled={false}>
          {t("actions.cancel")}
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t("newRollout.submit")}
        </Button>
      </Flex>
    </Form>
  );
}
