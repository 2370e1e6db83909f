import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const COLORS: Record<string, string> = {
  online: "success",
  offline: "default",
  standby: "processing",
  grabbing: "purple",
  collecting: "cyan",
};

export function DeviceStatusTag({ status }: { status: string }) {
  const { t } = useTranslation("projects");
  const known = status in COLORS;
  return (
    <Tag color={COLORS[status] ?? "default"}>{known ? t(`device.statuses.${status}`) : t("device.statuses.other")}</Tag>
  );
}
