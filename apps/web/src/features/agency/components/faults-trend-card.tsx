import type { TAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { Card, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
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
    <Card
      variant="borderless"
      className="agency-card"
      title={
        <span>
          {t("trend.title")} <span className="agency-card-sub">{t("trend.subtitle")}</span>
        </span>
      }
      extra={
        <Typography.Text type="secondary" className="agency-card-hint">
          {t("trend.hint")}
        </Typography.Text>
      }
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
    </Card>
  );
}
