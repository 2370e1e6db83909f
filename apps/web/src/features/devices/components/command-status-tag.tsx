import type { TCommandStatus } from "@vrf/contract/devices/commands.ts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const COLOURS: Record<TCommandStatus, string> = {
  pending: "default",
  sent: "processing",
  confirmed: "success",
  failed: "error",
  timed_out: "warning",
};

/** A command's state in words and colour. */
export function CommandStatusTag({ status }: { status: TCommandStatus }) {
  const { t } = useTranslation("devices");
  return <Tag color={COLOURS[status]}>{t(`control.status.${status}`)}</Tag>;
}
