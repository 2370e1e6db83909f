import type { TFaultRecord } from "@vrf/contract/faults/fault-list.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Typography } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { ListColumns } from "../../../components/list-table.tsx";
import { addressParts, faultDuration } from "../utils/fault-display.ts";
import type { FaultModule } from "../utils/fault-module.ts";
import { FaultStateTag } from "./fault-state-tag.tsx";
import { SeverityTag } from "./severity-tag.tsx";

interface ColumnOptions {
  t: TFunction<"faults">;
  now: number;
  showOrganisation: boolean;
  /** Where a row's device and project lead in the page's module. */
  links: Pick<FaultModule, "devicePath" | "projectPath">;
  onCodeClick: (code: string) => void;
}

/**
 * The fault table's columns; sortable keys match the contract's FAULT_SORTS. What, whether
 * repaired, when and on which device always show; the rest as the width allows.
 */
export const faultColumns = ({
  t,
  now,
  showOrganisation,
  links,
  onCodeClick,
}: ColumnOptions): ListColumns<TFaultRecord> => [
  {
    key: "code",
    title: t("table.code"),
    dataIndex: "code",
    width: 92,
    priority: "key",
    render: (code: string) => (
      <Button
        type="link"
        size="small"
        className="faults-code-link"
        onClick={() => onCodeClick(code)}
        aria-label={t("table.openCodeDetails", { code })}
      >
        {code}
      </Button>
    ),
  },
  {
    key: "name",
    title: t("table.name"),
    dataIndex: "name",
    width: 260,
    priority: "primary",
    render: (name: string | null, record) => (
      <div className="faults-name-cell">
        <Typography.Text ellipsis={{ tooltip: name }} type={name ? undefined : "secondary"}>
          {name ?? t("table.unknownCode")}
        </Typography.Text>
        <SeverityTag severity={record.severity} />
      </div>
    ),
  },
  {
    key: "state",
    title: t("table.state"),
    width: 116,
    priority: "primary",
    render: (_, record) => <FaultStateTag repaired={record.repaired} />,
  },
  {
    key: "occurredAt",
    title: t("table.occurredAt"),
    dataIndex: "occurredAt",
    width: 176,
    priority: "primary",
    render: (value: string) => <span className="faults-nowrap">{formatDateTime(value)}</span>,
  },
  {
    key: "repairedAt",
    title: t("table.repairedAt"),
    dataIndex: "repairedAt",
    width: 176,
    priority: "secondary",
    render: (value: string | null) =>
      value ? <span className="faults-nowrap">{formatDateTime(value)}</span> : <span className="faults-muted">–</span>,
  },
  {
    key: "duration",
    title: t("table.duration"),
    width: 120,
    priority: "secondary",
    render: (_, record) => {
      const duration = faultDuration(record.occurredAt, record.repairedAt, now);
      const text = t(`duration.${duration.unit}`, { n: duration.n });
      return record.repaired ? (
        text
      ) : (
        <span className="faults-ongoing">
          {text} · {t("table.ongoing")}
        </span>
      );
    },
  },
  {
    key: "project",
    title: t("table.project"),
    width: 220,
    priority: "secondary",
    render: (_, record) =>
      record.projectId ? (
        <div className="faults-two-line">
          {links.projectPath ? (
            <Link to={links.projectPath(record.projectId)}>{record.projectName}</Link>
          ) : (
            <span>{record.projectName}</span>
          )}
          <span className="faults-muted faults-mono">{record.projectCode}</span>
        </div>
      ) : (
        <span className="faults-muted">{t("table.noProject")}</span>
      ),
  },
  {
    key: "serialNumber",
    title: t("table.device"),
    width: 180,
    priority: "primary",
    render: (_, record) => (
      <div className="faults-two-line">
        <Link to={links.devicePath(record.deviceKind, record.deviceId)} className="faults-mono">
          {record.serialNumber}
        </Link>
        <span className="faults-muted">{t(`kinds.${record.deviceKind}`)}</span>
      </div>
    ),
  },
  {
    key: "address",
    title: t("table.address"),
    width: 200,
    priority: "secondary",
    render: (_, record) => {
      const parts = addressParts(record);
      if (!parts.length) return <span className="faults-muted">{t("address.none")}</span>;
      return (
        <span className="faults-address">
          {parts.map((p) => (
            <span key={p.key} className={`faults-address-part faults-address-${p.key}`}>
              {t(`address.${p.key}`, { n: p.n })}
            </span>
          ))}
        </span>
      );
    },
  },
  ...(showOrganisation
    ? [
        {
          key: "organisation",
          title: t("table.organisation"),
          dataIndex: "organisationName",
          width: 180,
          priority: "optional" as const,
          ellipsis: true,
        },
      ]
    : []),
];
