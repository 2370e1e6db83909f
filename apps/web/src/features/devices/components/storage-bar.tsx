import { Progress, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { storageAmount, storagePercent } from "../utils/device-display.ts";

/** Used / capacity with a bar that warns as the checker fills up. */
export function StorageBar({ usedMb, capacityMb }: { usedMb: number | null; capacityMb: number | null }) {
  const { t } = useTranslation("devices");
  if (capacityMb === null) return <span className="devices-muted">—</span>;
  const percent = storagePercent(usedMb, capacityMb);
  const amount = (mb: number) => {
    const { value, unit } = storageAmount(mb);
    return t(`storage.${unit}`, { value });
  };
  const label = `${amount(usedMb ?? 0)} / ${amount(capacityMb)}`;
  return (
    <Tooltip title={`${percent}%`}>
      <div className="devices-storage">
        <Progress
          percent={percent}
          size="small"
          status={percent >= 90 ? "exception" : "normal"}
          format={() => `${percent}%`}
        />
        <span className="devices-muted">{label}</span>
      </div>
    </Tooltip>
  );
}
