import { Badge, Tag } from "antd";
import { useTranslation } from "react-i18next";

/** An alarm total that stands out when it is not zero. */
export function AlarmCount({ count }: { count: number }) {
  const { t } = useTranslation("projects");
  if (count === 0) return <Badge status="success" text={t("alarm.normal")} />;
  return (
    <Tag color="error" variant="filled" aria-label={`${t("alarm.alarm")} ${count}`}>
      {t("alarm.alarm")} · {count}
    </Tag>
  );
}
