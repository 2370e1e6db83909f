import type { TAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { Card, Progress } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { deviceListPath, percent } from "../utils/dashboard-links.ts";

/** Each device kind with its online share; a row opens that kind's list. */
export function DeviceKindsCard({ devices }: { devices: TAgencyDashboard["devices"] }) {
  const { t } = useTranslation("agency");
  return (
    <Card variant="borderless" title={t("devices.title")} className="agency-card">
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
                <Progress
                  percent={share ?? 0}
                  showInfo={false}
                  strokeColor="#2BC6C2"
                  railColor={d.total ? "#FFD8D2" : "#F0F0F0"}
                  size="small"
                  aria-label={`${t(`kinds.${d.kind}`)}: ${share ?? 0}%`}
                />
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
    </Card>
  );
}
