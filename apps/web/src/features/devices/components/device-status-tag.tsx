import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { statusColour } from "../utils/device-display.ts";

/** A device's or a unit's state in words and colour; an unknown state shows as sent. */
export function DeviceStatusTag({ status, unit = false }: { status: string; unit?: boolean }) {
  const { t } = useTranslation("devices");
  const label = t(unit ? `unitStatus.${status}` : `status.${status}`, { defaultValue: status });
  return (
    <Tag color={statusColour(status)} variant="filled">
      {label}
    </Tag>
  );
}
