import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const COLORS: Record<string, string> = { critical: "red", major: "orange", minor: "blue" };

/** How serious a fault code is, as a coloured tag. */
export function SeverityTag({ severity }: { severity: string | null }) {
  const { t } = useTranslation("faults");
  if (!severity) return null;
  return (
    <Tag color={COLORS[severity] ?? "default"} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {t(`severity.${severity}`, { defaultValue: severity })}
    </Tag>
  );
}
