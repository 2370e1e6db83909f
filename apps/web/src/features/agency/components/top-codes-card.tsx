import type { TAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DashboardCard } from "../../../components/dashboard/dashboard-card.tsx";
import { DASHBOARD_LINKS, faultCodePath } from "../utils/dashboard-links.ts";

// Rare (no fault in 30 days): antd's Empty is not worth a place in the dashboard's first load.
const SimpleEmpty = lazy(() => import("../../../components/simple-empty.tsx"));

/** The codes raised most in the last 30 days, each opening its records. */
export function TopCodesCard({ codes }: { codes: TAgencyDashboard["topCodes"] }) {
  const { t } = useTranslation("agency");
  const max = Math.max(1, ...codes.map((c) => c.total));
  return (
    <DashboardCard
      title={
        <span>
          {t("topCodes.title")} <span className="dashboard-card-sub">{t("topCodes.subtitle")}</span>
        </span>
      }
      extra={<Link to={DASHBOARD_LINKS.faultAnalysis}>{t("viewAll")}</Link>}
    >
      {codes.length === 0 ? (
        <Suspense fallback={null}>
          <SimpleEmpty description={t("topCodes.empty")} />
        </Suspense>
      ) : (
        <ol className="agency-code-list">
          {codes.map((c) => (
            <li key={c.code}>
              <Link to={faultCodePath(c.code)} className="agency-code-row">
                <span className="agency-code-badge">{c.code}</span>
                <span className="agency-code-body">
                  <span className="agency-code-name">{c.name ?? t("topCodes.unknown")}</span>
                  <span className="agency-code-bar">
                    <span style={{ width: `${(c.total / max) * 100}%` }} />
                  </span>
                </span>
                <span className="agency-code-count">{c.total}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </DashboardCard>
  );
}
