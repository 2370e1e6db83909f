import { SendOutlined, UndoOutlined } from "@ant-design/icons";
import { SET_TEMPERATURE, type TFanSpeed, type TLouver, type TUnitMode } from "@vrf/contract/device/units.ts";
import type { TIndoorUnit } from "@vrf/contract/devices/units.ts";
import { Alert, Button, Flex, Form, InputNumber, Radio, Select, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useControlUnits } from "../api/use-control-units.ts";
import { useCommandTracker } from "../hooks/use-command-tracker.ts";
import {
  type ControlDraft,
  controlOptions,
  currentSettingsOf,
  isDeviceOffline,
  normaliseSetTemperature,
  settingsToSend,
  shownSetting,
} from "../utils/control-options.ts";
import { CommandProgress } from "./command-progress.tsx";

export interface ControlTarget {
  deviceId: number;
  systemNumber: number;
  /** One unit (its drawer) or several of the same system (a selection). */
  units: readonly TIndoorUnit[];
}

/**
 * Remote control of indoor units: power, mode, fan speed, louver and set temperature, limited to
 * what the units support. A sent command is followed until the unit confirms it (or it fails or
 * times out); the controls stay locked meanwhile. One unit starts from its current settings and
 * sends what changed; several units send only what the user picked. While the units' device is
 * offline the controls are locked and say why (the server would refuse the command; that refusal
 * is still shown should the device go offline between the list's refresh and the send).
 */
export function ControlPanel({ target }: { target: ControlTarget }) {
  const { t } = useTranslation("devices");
  const errorText = useErrorText();
  const control = useControlUnits();
  const tracker = useCommandTracker(target.deviceId);
  const [draft, setDraft] = useState<ControlDraft>({});

  const single = target.units.length === 1 ? (target.units[0] ?? null) : null;
  const current = single ? currentSettingsOf(single) : null;
  const options = useMemo(() => controlOptions(target.units.map((unit) => unit.supports)), [target.units]);
  const toSend = settingsToSend(draft, current, options);
  const busy = control.isPending || tracker.inFlight;
  const offline = isDeviceOffline(target.units);
  const status = control.isPending ? "pending" : tracker.command?.status;

  // Once a command has finished and the unit's new state has come in, the controls show that state.
  const currentKey = JSON.stringify(current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current state is the trigger.
  useEffect(() => {
    if (single && tracker.command && !tracker.inFlight) setDraft({});
  }, [currentKey]);

  const pick = <K extends keyof ControlDraft>(key: K, value: ControlDraft[K] | undefined) =>
    setDraft((previous) => {
      const next = { ...previous };
      if (value === undefined || value === null) delete next[key];
      else next[key] = value;
      return next;
    });

  const submit = () => {
    if (Object.keys(toSend).length === 0 || busy || offline) return;
    tracker.reset();
    control.mutate(
      {
        deviceId: target.deviceId,
        systemNumber: target.systemNumber,
        indoorAddresses: target.units.map((unit) => unit.address),
        set: toSend,
      },
      { onSuccess: (command) => tracker.track(command) },
    );
  };

  const unchanged = single ? undefined : t("control.unchanged");
  const power = shownSetting(draft, current, "powerOn");
  const temperature = shownSetting(draft, current, "setTempC");

  return (
    <section className="devices-control" aria-label={t("control.title")}>
      {offline ? (
        <Alert type="warning" showIcon title={t("control.offline")} className="devices-control-offline" />
      ) : null}
      <Form layout="vertical" disabled={busy || offline} onFinish={submit} className="devices-control-form">
        <Flex gap={16} wrap>
          <Form.Item label={t("control.power")} className="devices-control-field">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              aria-label={t("control.power")}
              value={power === undefined || power === null ? undefined : power ? "on" : "off"}
              onChange={(event) => pick("powerOn", event.target.value === "on")}
              options={[
                { value: "on", label: t("control.on") },
                { value: "off", label: t("control.off") },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={t("control.setTemperature")}
            htmlFor="control-set-temperature"
            className="devices-control-field"
          >
            <InputNumber<number>
              id="control-set-temperature"
              min={SET_TEMPERATURE.min}
              max={SET_TEMPERATURE.max}
              step={SET_TEMPERATURE.step}
              precision={1}
              placeholder={unchanged}
              value={temperature ?? null}
              onChange={(value) => pick("setTempC", normaliseSetTemperature(value) ?? undefined)}
              style={{ width: 120 }}
            />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item label={t("control.mode")} htmlFor="control-mode" className="devices-control-field">
            <Select<TUnitMode>
              id="control-mode"
              style={{ width: 170 }}
              placeholder={unchanged}
              allowClear={!single}
              value={shownSetting(draft, current, "mode") ?? undefined}
              onChange={(value) => pick("mode", value)}
              options={options.modes.map((mode) => ({ value: mode, label: t(`modes.${mode}`) }))}
            />
          </Form.Item>
          <Form.Item label={t("control.fanSpeed")} htmlFor="control-fan-speed" className="devices-control-field">
            <Select<TFanSpeed>
              id="control-fan-speed"
              style={{ width: 170 }}
              placeholder={unchanged}
              allowClear={!single}
              value={shownSetting(draft, current, "fanSpeed") ?? undefined}
              onChange={(value) => pick("fanSpeed", value)}
              options={options.fanSpeeds.map((speed) => ({ value: speed, label: t(`fanSpeeds.${speed}`) }))}
            />
          </Form.Item>
        </Flex>
        {options.louver ? (
          <Form.Item label={t("control.louver")} className="devices-control-field">
            <Radio.Group
              optionType="button"
              aria-label={t("control.louver")}
              value={shownSetting(draft, current, "louver") ?? undefined}
              onChange={(event) => pick("louver", event.target.value as TLouver)}
              options={[1, 2, 3, 4].map((position) => ({ value: position, label: String(position) }))}
            />
          </Form.Item>
        ) : null}
        <Flex gap={8} wrap align="center">
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={busy}
            disabled={offline || Object.keys(toSend).length === 0}
          >
            {t("control.submit")}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => setDraft({})}
            disabled={busy || offline || Object.keys(draft).length === 0}
          >
            {t("control.undo")}
          </Button>
          <Typography.Text type="secondary">
            {busy
              ? t("control.inFlight")
              : !offline && Object.keys(toSend).length === 0
                ? t("control.nothingChanged")
                : null}
          </Typography.Text>
        </Flex>
      </Form>
      {control.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("control.refused")}
          description={errorText(control.error)}
          className="devices-control-result"
        />
      ) : status ? (
        <div className="devices-control-result">
          <CommandProgress status={status} />
        </div>
      ) : null}
    </section>
  );
}
