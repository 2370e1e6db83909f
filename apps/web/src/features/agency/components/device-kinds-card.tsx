import type { TAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DashboardCard } from "../../../components/dashboard/dashboard-card.tsx";
import { deviceListPath, percent } from "../utils/dashboard-links.ts";

/** Each device kind with its online share; a row opens that kind's list. */
export function DeviceKindsCard({ devices }: { devices: TAgencyDashboard["devices"] }) {
  const { t } = useTranslation("agency");
  return (
    <DashboardCard title={t("devices.title")}>
      <ul className="agency-kind-list">
        {devices.map((d) => {
          const share = percent(d.online, d.total);
          return (
            <li key={d.kind}>
              <Link to={deviceListPath(d.kind)} className="agency-kind-row">
                <div className="agency-kind-head">
                  <span className="agency-kind-name">{t(`kinds.${d.kind}`)}</span>
                  <span className="agency-kind-total">{d.total.toLocaleString()}</span>
                </div>
                {/* Drawn like the top codes' bars: antd's Progress is not needed for a plain bar. */}
                <div
                  className={d.total ? "agency-kind-bar" : "agency-kind-bar agency-kind-bar-empty"}
                  role="progressbar"
                  aria-valuenow={share ?? 0}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={`${t(`kinds.${d.kind}`)}: ${share ?? 0}%`}
                >
                  <span className="agency-kind-rail">
                    <span style={{ width: `${share ?? 0}%` }} />
                  </span>
                </div>
                <div className="agency-kind-legend">
                  {d.total ? (
                    <>
                      <span>
                        <i className="agency-dot agency-dot-online" />
                        {t("devices.online")} {d.online}
                      </span>
                      <span>
                        <i className="agency-dot agency-dot-offline" />
                        {t("devices.offline")} {d.offline}
                      </span>
                    </>
                  ) : (
                    <span>{t("devices.none")}</span>
                  )}
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </DashboardCard>
  );
}
