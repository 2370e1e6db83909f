import { UploadOutlined } from "@ant-design/icons";
import type { TSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { App, Button, Empty } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ResetFiltersLink } from "../../../components/list-toolbar.tsx";
import { PagedListTable } from "../../../components/paged-list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeletePackage } from "../api/use-delete-package.ts";
import { useDownloadPackage } from "../api/use-download-package.ts";
import { useSoftwarePackages } from "../api/use-software-packages.ts";
import { hasFilters, PAGE_SIZES, type PackageListState, toListRequest } from "../utils/list-state.ts";
import { packageColumns } from "./package-columns.tsx";
import { PackageFilters } from "./package-filters.tsx";
import { UploadPackageModal } from "./upload-package-modal.tsx";

/**
 * The packages tab: filtered by kind and searched by version or file name, with upload,
 * download, delete and, for firmware, the start of a rollout.
 */
export function PackagesPanel({
  state,
  onChange,
  onRollOut,
}: {
  state: PackageListState;
  /** The new state; `keepPage` for paging (a filter change goes back to page 1). */
  onChange: (next: Partial<PackageListState>, keepPage?: boolean) => void;
  onRollOut: (pkg: TSoftwarePackage) => void;
}) {
  const { t } = useTranslation("softwarePackages");
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const request = useMemo(() => toListRequest(state), [state]);
  const packages = useSoftwarePackages(request);
  const remove = useDeletePackage();
  const download = useDownloadPackage();
  const [uploading, setUploading] = useState(false);
  const filtered = hasFilters(state);
  const reset = () => onChange({ kind: null, keyword: "" });

  const confirmDelete = useCallback(
    (pkg: TSoftwarePackage) => {
      void modal.confirm({
        title: t("delete.title"),
        content: t("delete.text", { kind: t(`kinds.${pkg.kind}`), version: pkg.version, fileName: pkg.fileName }),
        okText: t("actions.delete"),
        cancelText: t("actions.cancel"),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await remove.mutateAsync(pkg.id);
            void message.success(t("delete.done", { version: pkg.version }));
          } catch (error) {
            void message.error(t("delete.failed", { reason: errorText(error) }));
          }
        },
      });
    },
    [modal, message, remove, t, errorText],
  );

  const startDownload = useCallback(
    (pkg: TSoftwarePackage) => {
      download.mutate(pkg, {
        onError: (error) => void message.error(t("download.failed", { reason: errorText(error) })),
      });
    },
    [download, message, t, errorText],
  );

  const downloadingId = download.isPending ? (download.variables?.id ?? null) : null;
  const columns = useMemo(
    () => packageColumns(t, { onDownload: startDownload, onDelete: confirmDelete, onRollOut, downloadingId }),
    [t, startDownload, confirmDelete, onRollOut, downloadingId],
  );

  const uploadButton = (
    <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
      {t("actions.upload")}
    </Button>
  );
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t("list.noMatch") : t("list.empty")}>
      {filtered ? <Button onClick={reset}>{t("filters.reset")}</Button> : uploadButton}
    </Empty>
  );

  return (
    <>
      <PackageFilters value={state} onChange={onChange} />
      <PagedListTable<TSoftwarePackage>
        toolbar={{
          style: { marginBottom: 12 },
          leading: <ResetFiltersLink shown={filtered} onReset={reset} label={t("filters.reset")} />,
          refreshLabel: t("actions.refresh"),
          actions: uploadButton,
        }}
        query={packages}
        listId="software-packages"
        columns={columns}
        page={{ pageNum: state.page, pageSize: state.pageSize }}
        onPage={(page) => onChange({ page: page.pageNum, pageSize: page.pageSize }, true)}
        pageSizes={PAGE_SIZES}
        empty={empty}
        failedTitle={t("list.loadFailed")}
        totalText={(total) => t("list.total", { count: total })}
      />
      <UploadPackageModal open={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
