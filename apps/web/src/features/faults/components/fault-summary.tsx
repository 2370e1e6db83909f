import { Flex, Skeleton } from "antd";
import { useTranslation } from "react-i18next";

interface FaultSummaryProps {
  total: number | undefined;
  open: number | undefined;
  /** With one state chosen, a repair rate would only say 0% or 100%. */
  stateFiltered: boolean;
}

/** Totals under the current filters, above the charts. */
export function FaultSummary({ total, open, stateFiltered }: FaultSummaryProps) {
  const { t, i18n } = useTranslation("faults");
  if (total === undefined || open === undefined) {
    return <Skeleton.Input active block style={{ height: 72 }} />;
  }
  const number = new Intl.NumberFormat(i18n.language);
  const repaired = total - open;
  const rate = total && !stateFiltered ? Math.round((repaired / total) * 1000) / 10 : null;
  const items = [
    { key: "total", label: t("summary.total"), value: number.format(total), tone: "neutral" },
    { key: "open", label: t("summary.open"), value: number.format(open), tone: open ? "danger" : "neutral" },
    { key: "repaired", label: t("summary.repaired"), value: number.format(repaired), tone: "ok" },
    { key: "rate", label: t("summary.repairRate"), value: rate === null ? "–" : `${rate}%`, tone: "neutral" },
  ];
  return (
    <Flex className="faults-summary" wrap>
      {items.map((item) => (
        <div key={item.key} className={`faults-summary-item faults-tone-${item.tone}`}>
          <div className="faults-summary-label">{item.label}</div>
          <div className="faults-summary-value">{item.value}</div>
        </div>
      ))}
    </Flex>
  );
}
