import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { checkerStatusColour } from "../utils/task-display.ts";

/** A checker's state (SPEC section 4) in words and colour; an unknown state shows as sent. */
export function CheckerStatusTag({ status }: { status: string }) {
  const { t } = useTranslation("checkerTasks");
  return (
    <Tag color={checkerStatusColour(status)} variant="filled">
      {t(`checkerStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
}
