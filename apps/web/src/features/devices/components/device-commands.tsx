import type { TDeviceCommand } from "@vrf/contract/devices/commands.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Card } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { readStorage, StorageKey } from "../../../lib/storage.ts";
import { useDeviceCommands } from "../api/use-device-commands.ts";
import { commandIssuerText, commandSettingsText, commandTargetText } from "../utils/command-summary.ts";
import { type ListState, PAGE_SIZES } from "../utils/list-params.ts";
import { CommandStatusTag } from "./command-status-tag.tsx";
import { PagedTable } from "./paged-table.tsx";

const firstPage = (): ListState<never> => ({ pageNum: 1, pageSize: PAGE_SIZES[0], filters: {} });

/**
 * The commands sent to a device, newest first, with their states. The issuer's own commands move
 * on live (the device page refreshes this list on command events); others' are polled while open.
 */
export function DeviceCommands({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation("devices");
  const [state, setState] = useState(firstPage);
  const [ownCustomerId] = useState(() => readStorage(StorageKey.customerId));
  const query = useDeviceCommands(deviceId, state.pageNum, state.pageSize);

  const columns: ListColumns<TDeviceCommand> = [
    {
      key: "issuedAt",
      priority: "key",
      title: t("commands.issuedAt"),
      dataIndex: "issuedAt",
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: "target",
      priority: "primary",
      title: t("commands.target"),
      width: 190,
      render: (_: unknown, command: TDeviceCommand) => commandTargetText(t, command) ?? "—",
    },
    {
      key: "settings",
      priority: "primary",
      title: t("commands.settings"),
      width: 260,
      render: (_: unknown, command: TDeviceCommand) => commandSettingsText(t, command),
    },
    {
      key: "status",
      priority: "primary",
      title: t("commands.status"),
      dataIndex: "status",
      width: 110,
      render: (status: TDeviceCommand["status"]) => <CommandStatusTag status={status} />,
    },
    {
      key: "issuedBy",
      priority: "primary",
      title: t("commands.issuedBy"),
      width: 170,
      ellipsis: true,
      render: (_: unknown, command: TDeviceCommand) => commandIssuerText(t, command, ownCustomerId),
    },
    {
      key: "finishedAt",
      title: t("commands.finishedAt"),
      dataIndex: "finishedAt",
      width: 170,
      render: (value: string | null) => (value ? formatDateTime(value) : "—"),
    },
  ];

  return (
    <Card variant="borderless" className="devices-card" title={t("commands.title")}>
      <PagedTable<TDeviceCommand, never>
        bare
        columns={columns}
        data={query.data}
        query={query}
        state={state}
        onStateChange={setState}
        sortable={[]}
        emptyText={t("commands.empty")}
        listId="device-commands"
      />
    </Card>
  );
}
