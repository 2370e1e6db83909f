import type { TDeviceFault } from "@vrf/contract/devices/controllers.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Card, Empty, Tag } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ListColumns, ListTable } from "../../../components/list-table.tsx";
import { faultAnalysisPath } from "../utils/device-display.ts";

const location = (t: TFunction, fault: TDeviceFault): string => {
  if (fault.systemNumber === null) return "—";
  if (fault.indoorAddress !== null) {
    return t("detail.locationIndoor", { system: fault.systemNumber, address: fault.indoorAddress });
  }
  if (fault.outdoorAddress !== null) {
    return t("detail.locationOutdoor", { system: fault.systemNumber, address: fault.outdoorAddress });
  }
  return t("detail.location", { system: fault.systemNumber });
};

/** The device's latest faults, named in the reader's language, with the way to the full analysis. */
export function RecentFaults({ deviceId, faults }: { deviceId: number; faults: TDeviceFault[] }) {
  const { t } = useTranslation("devices");
  const columns: ListColumns<TDeviceFault> = [
    {
      key: "code",
      title: t("detail.faultCode"),
      dataIndex: "code",
      width: 80,
      render: (code: string) => <span className="devices-mono">{code}</span>,
    },
    {
      key: "name",
      title: t("detail.faultName"),
      dataIndex: "name",
      width: 220,
      render: (name: string | null) => name ?? <span className="devices-muted">{t("detail.unknownFault")}</span>,
    },
    { key: "location", title: t("detail.faultLocation"), width: 170, render: (_: unknown, f) => location(t, f) },
    {
      key: "occurredAt",
      title: t("detail.faultTime"),
      dataIndex: "occurredAt",
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: "status",
      title: t("detail.faultStatus"),
      width: 100,
      render: (_: unknown, f) =>
        f.repairedAt ? (
          <Tag color="success">{t("detail.repaired")}</Tag>
        ) : (
          <Tag color="error">{t("detail.notRepaired")}</Tag>
        ),
    },
    {
      key: "repairedAt",
      title: t("detail.repairTime"),
      dataIndex: "repairedAt",
      width: 170,
      render: (value: string | null) => (value ? formatDateTime(value) : <span className="devices-muted">—</span>),
    },
  ];
  return (
    <Card
      variant="borderless"
      className="devices-card"
      title={t("detail.recentFaults")}
      extra={<Link to={faultAnalysisPath(deviceId)}>{t("detail.allFaults")}</Link>}
    >
      <ListTable<TDeviceFault>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={faults}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("detail.noFaults")} /> }}
      />
    </Card>
  );
}
