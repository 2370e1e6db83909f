import type { TSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Space, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { sizeText } from "../utils/package-checks.ts";

export interface PackageActions {
  onDownload: (pkg: TSoftwarePackage) => void;
  onDelete: (pkg: TSoftwarePackage) => void;
  /** Firmware only: start a rollout of it to chosen checkers. */
  onRollOut: (pkg: TSoftwarePackage) => void;
  /** The package whose download is on its way (its button spins). */
  downloadingId: string | null;
}

/** Version (the key), kind, file name, size, import time and importer, the file's hash, the actions (roll out, download, delete). */
export const packageColumns = (t: TFunction, actions: PackageActions): ListColumns<TSoftwarePackage> => [
  {
    key: "version",
    title: t("columns.version"),
    width: 130,
    priority: "key",
    render: (_v, pkg) => <Typography.Text strong>{pkg.version}</Typography.Text>,
  },
  {
    key: "kind",
    title: t("columns.kind"),
    width: 150,
    priority: "primary",
    render: (_v, pkg) => <Tag color={pkg.kind === "firmware" ? "geekblue" : "green"}>{t(`kinds.${pkg.kind}`)}</Tag>,
  },
  {
    key: "fileName",
    title: t("columns.fileName"),
    width: 220,
    priority: "primary",
    render: (_v, pkg) => <Typography.Text ellipsis={{ tooltip: pkg.fileName }}>{pkg.fileName}</Typography.Text>,
  },
  {
    key: "size",
    title: t("columns.size"),
    width: 90,
    render: (_v, pkg) => <span className="list-nowrap">{sizeText(pkg.sizeBytes)}</span>,
  },
  {
    key: "importedAt",
    title: t("columns.importedAt"),
    width: 170,
    priority: "primary",
    render: (_v, pkg) => <span className="list-nowrap">{formatDateTime(pkg.importedAt)}</span>,
  },
  {
    key: "importedBy",
    title: t("columns.importedBy"),
    width: 150,
    render: (_v, pkg) =>
      pkg.importedBy || <Typography.Text type="secondary">{t("list.formerAccount")}</Typography.Text>,
  },
  {
    key: "sha256",
    title: t("columns.sha256"),
    width: 160,
    priority: "optional",
    render: (_v, pkg) => (
      <Typography.Text
        code
        className="software-packages-sha"
        copyable={{ text: pkg.sha256, tooltips: [t("list.copySha"), t("copied")] }}
      >
        {pkg.sha256.slice(0, 12)}
      </Typography.Text>
    ),
  },
  {
    key: "actions",
    title: t("columns.actions"),
    // Room for roll out, download and delete; the columns before gave some up for it.
    width: 230,
    render: (_v, pkg) => (
      <Space size={0}>
        {pkg.kind === "firmware" && (
          <Button type="link" size="small" onClick={() => actions.onRollOut(pkg)}>
            {t("actions.rollOut")}
          </Button>
        )}
        <Button
          type="link"
          size="small"
          loading={actions.downloadingId === pkg.id}
          onClick={() => actions.onDownload(pkg)}
        >
          {t("actions.download")}
        </Button>
        <Button type="link" size="small" danger onClick={() => actions.onDelete(pkg)}>
          {t("actions.delete")}
        </Button>
      </Space>
    ),
  },
];
