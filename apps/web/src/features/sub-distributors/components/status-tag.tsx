import type { SubDistributorStatus } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { STATUS_COLOR } from "../utils/link-status.ts";

export function StatusTag({ status }: { status: SubDistributorStatus }) {
  const { t } = useTranslation("subDistributors");
  return (
    <Tag color={STATUS_COLOR[status]} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}
