import { Tag } from "antd";
import { STATUS_WORD_COLOURS, statusWordText } from "../utils/unit-readings.ts";

/** SPEC section 9's status word of a unit (STOP, TH OFF, TH ON, ALARM); a dash before its first report. */
export function StatusWordTag({ value }: { value: number | null }) {
  const word = statusWordText(value);
  if (word === null) return <span className="devices-muted">—</span>;
  return (
    <Tag color={STATUS_WORD_COLOURS[word]} className="devices-status-word">
      {word}
    </Tag>
  );
}
