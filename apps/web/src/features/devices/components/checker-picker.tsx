import { Empty, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCheckers } from "../api/use-checkers.ts";
import { HI_CHECKER_CHECKERS } from "../utils/checker-pages.ts";
import { DeviceStatusTag } from "./device-status-tag.tsx";

/** Checkers offered at once; more are found by typing. */
const PICKER_PAGE = 50;

/**
 * The checker whose system a Hi-Checker unit page shows, from the engineer's scope, searched on
 * the server by alias, device ID or serial number. `onChange` also reports the first checker when
 * none is chosen yet, so the page opens on one.
 */
export function CheckerPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation("devices");
  const [keyword, setKeyword] = useState("");
  const query = useCheckers(
    { pageNum: 1, pageSize: PICKER_PAGE, sort: "alias", order: "ascend", ...(keyword ? { keyword } : {}) },
    HI_CHECKER_CHECKERS.list,
  );
  const rows = query.data?.list ?? [];
  const firstId = keyword ? undefined : rows[0]?.id;
  useEffect(() => {
    if (value === null && firstId !== undefined) onChange(firstId);
  }, [value, firstId, onChange]);
  if (query.isSuccess && rows.length === 0 && !keyword)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t("checkerPicker.none")}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t("checkerPicker.noneHint")}</Typography.Text>
          </>
        }
      />
    );
  return (
    <div className="devices-checker-picker">
      <Typography.Text type="secondary">{t("checkerPicker.label")}</Typography.Text>
      <Select<number>
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        value={value ?? undefined}
        placeholder={t("checkerPicker.placeholder")}
        loading={query.isFetching}
        style={{ minWidth: 320 }}
        onChange={onChange}
        notFoundContent={query.isFetching ? null : t("list.emptyFiltered")}
        options={rows.map((row) => ({
          value: row.id,
          label: (
            <span className="devices-checker-option">
              <span>{row.alias || row.deviceCode}</span>
              <span className="devices-mono devices-muted">{row.serialNumber}</span>
              <DeviceStatusTag status={row.status} />
            </span>
          ),
        }))}
        aria-label={t("checkerPicker.label")}
      />
    </div>
  );
}
