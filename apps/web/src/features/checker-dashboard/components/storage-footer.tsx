import type { TCheckerDashboard } from "@vrf/contract/hi-checker/dashboard.ts";
import { useTranslation } from "react-i18next";
import { STORAGE_WARNING_PERCENT, storageAmount, storagePercent } from "../utils/figures.ts";

/** Storage used against the checkers' capacity: a thin bar (antd's Progress is not needed for one) and the capacity. */
export function StorageFooter({ storage }: { storage: TCheckerDashboard["storage"] }) {
  const { t } = useTranslation("checkerDashboard");
  if (storage.capacityMb <= 0) return <>{t("kpi.noStorage")}</>;
  const share = storagePercent(storage.usedMb, storage.capacityMb);
  const capacity = storageAmount(storage.capacityMb);
  // A little used of a lot still shows: "<1%" and a sliver of bar, not an empty one.
  const some = storage.usedMb > 0 && share === 0;
  return (
    <span className="checker-dash-storage">
      <span
        className={share >= STORAGE_WARNING_PERCENT ? "checker-dash-rail checker-dash-rail-full" : "checker-dash-rail"}
        role="progressbar"
        aria-valuenow={share}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t("kpi.storageLabel", { percent: share })}
      >
        <span style={{ width: `${share}%`, minWidth: some ? 3 : 0 }} />
      </span>
      <span>
        {t("kpi.storageOf", {
          capacity: t(`bytes.${capacity.unit}`, { value: capacity.value }),
          percent: some ? "<1" : share,
        })}
      </span>
    </span>
  );
}
