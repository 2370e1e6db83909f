import { CheckCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

/** Repaired or not, readable without colour (icon and word). */
export function FaultStateTag({ repaired }: { repaired: boolean }) {
  const { t } = useTranslation("faults");
  return repaired ? (
    <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
      {t("states.repaired")}
    </Tag>
  ) : (
    <Tag color="error" icon={<ExclamationCircleFilled />} style={{ marginInlineEnd: 0 }}>
      {t("states.open")}
    </Tag>
  );
}
