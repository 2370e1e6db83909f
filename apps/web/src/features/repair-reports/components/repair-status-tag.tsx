import type { TRepairStatus } from "@vrf/contract/repair-reports/repair-report.ts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { STATUS_COLOR } from "../utils/status.ts";

export function RepairStatusTag({ status }: { status: TRepairStatus }) {
  const { t } = useTranslation("repairReports");
  return (
    <Tag color={STATUS_COLOR[status]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}
