import { LoadingOutlined } from "@ant-design/icons";
import { COMMAND_TIMEOUT_MS, type TCommandStatus } from "@vrf/contract/devices/commands.ts";
import { Alert, Steps } from "antd";
import { useTranslation } from "react-i18next";

const ALERT_TYPES: Record<TCommandStatus, "info" | "success" | "error" | "warning"> = {
  pending: "info",
  sent: "info",
  confirmed: "success",
  failed: "error",
  timed_out: "warning",
};

/** Where a command is: pending -> sent -> confirmed, failed or timed out, in steps and in words. */
export function CommandProgress({ status }: { status: TCommandStatus }) {
  const { t } = useTranslation("devices");
  const final = status === "confirmed" || status === "failed" || status === "timed_out";
  const current = status === "pending" ? 0 : status === "sent" ? 1 : 2;
  return (
    <div className="devices-command-progress" data-command-status={status}>
      <Steps
        size="small"
        current={current}
        status={status === "failed" || status === "timed_out" ? "error" : final ? "finish" : "process"}
        items={[
          { title: t("control.status.pending") },
          { title: t("control.status.sent") },
          { title: t(`control.status.${final ? status : "confirmed"}`) },
        ]}
      />
      <Alert
        type={ALERT_TYPES[status]}
        showIcon
        icon={final ? undefined : <LoadingOutlined />}
        title={t(`control.progress.${status}`, { seconds: COMMAND_TIMEOUT_MS / 1000 })}
        role="status"
      />
    </div>
  );
}
