import { UploadOutlined } from "@ant-design/icons";
import type { TSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { App, Button, Card, Empty, Flex, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PagedListTable } from "../../../components/paged-list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeletePackage } from "../api/use-delete-package.ts";
import { useDownloadPackage } from "../api/use-download-package.ts";
import { useSoftwarePackages } from "../api/use-software-packages.ts";
import { packageColumns } from "../components/package-columns.tsx";
import { PackageFilters } from "../components/package-filters.tsx";
import { UploadPackageModal } from "../components/upload-package-modal.tsx";
import {
  hasFilters,
  PAGE_SIZES,
  type PackageListState,
  readListState,
  toListRequest,
  writeListState,
} from "../utils/list-state.ts";
import "../components/software-packages.css";

/**
 * PCSoftware (Platform Center, Hi-Checker): the organisation's PC software and firmware packages,
 * filtered by kind and searched by version or file name (kept in the address), with upload,
 * download and delete.
 */
export default function PcSoftwarePage() {
  const { t } = useTranslation("softwarePackages");
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const state = useMemo(() => readListState(params), [serialised]);
  const request = useMemo(() => toListRequest(state), [state]);
  const packages = useSoftwarePackages(request);
  const remove = useDeletePackage();
  const download = useDownloadPackage();
  const [uploading, setUploading] = useState(false);
  const filtered = hasFilters(state);

  const update = useCallback(
    (next: Partial<PackageListState>, keepPage = false) =>
      setParams(writeListState({ ...state, ...next, page: keepPage ? (next.page ?? state.page) : 1 }), {
        replace: true,
      }),
    [setParams, state],
  );
  const reset = () => update({ kind: null, keyword: "" });

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
    () => packageColumns(t, { onDownload: startDownload, onDelete: confirmDelete, downloadingId }),
    [t, startDownload, confirmDelete, downloadingId],
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
    <Flex vertical gap={16}>
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
        <PackageFilters value={state} onChange={update} />
      </Card>
      <Card variant="borderless">
        <PagedListTable<TSoftwarePackage>
          toolbar={{
            style: { marginBottom: 12 },
            leading: filtered && (
              <Button type="link" onClick={reset}>
                {t("filters.reset")}
              </Button>
            ),
            refreshLabel: t("actions.refresh"),
            actions: uploadButton,
          }}
          query={packages}
          listId="software-packages"
          columns={columns}
          page={{ pageNum: state.page, pageSize: state.pageSize }}
          onPage={(page) => update({ page: page.pageNum, pageSize: page.pageSize }, true)}
          pageSizes={PAGE_SIZES}
          empty={empty}
          failedTitle={t("list.loadFailed")}
          totalText={(total) => t("list.total", { count: total })}
        />
      </Card>
      <UploadPackageModal open={uploading} onClose={() => setUploading(false)} />
    </Flex>
  );
}
