import type { TAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DashboardCard } from "../../../components/dashboard/dashboard-card.tsx";
import { LightBarChart } from "../../../components/light-bar-chart.tsx";
import { faultDayPath } from "../utils/dashboard-links.ts";
import { trendOption } from "../utils/trend-option.ts";

/** Faults per day over the last 30 days; a bar opens that day's faults. */
export function FaultsTrendCard({ days, height }: { days: TAgencyDashboard["faultsPerDay"]; height: number }) {
  const { t } = useTranslation("agency");
  const navigate = useNavigate();
  const option = useMemo(
    () => trendOption(days, { series: t("trend.series"), average: t("trend.average") }),
    [days, t],
  );
  return (
    <DashboardCard
      title={
        <span>
          {t("trend.title")} <span className="dashboard-card-sub">{t("trend.subtitle")}</span>
        </span>
      }
      extra={<span className="dashboard-card-hint">{t("trend.hint")}</span>}
    >
      <LightBarChart
        {...option}
        height={height}
        ariaLabel={t("trend.label")}
        onClick={(index) => {
          const day = days[index]?.day;
          if (day) navigate(faultDayPath(day));
        }}
      />
    </DashboardCard>
  );
}
