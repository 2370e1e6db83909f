import { DatePicker } from "antd";
import dayjs from "dayjs";
import type { DayRange } from "../lib/day-range.ts";

interface DateRangeFilterProps {
  /** Given to the start input, so the surrounding label (htmlFor) and tests can find it. */
  id: string;
  value: DayRange;
  onChange: (next: DayRange) => void;
  placeholder: [string, string];
}

const DAY = "YYYY-MM-DD";

/** A list filter over whole past days; either end may stay empty, and days after today cannot be picked. */
export function DateRangeFilter({ id, value, onChange, placeholder }: DateRangeFilterProps) {
  return (
    <DatePicker.RangePicker
      id={{ start: id }}
      style={{ width: "100%" }}
      allowEmpty={[true, true]}
      placeholder={placeholder}
      value={[value.fromDate ? dayjs(value.fromDate) : null, value.toDate ? dayjs(value.toDate) : null]}
      disabledDate={(d) => d.isAfter(dayjs().endOf("day"))}
      onChange={(range) =>
        onChange({
          fromDate: range?.[0]?.format(DAY) ?? null,
          toDate: range?.[1]?.format(DAY) ?? null,
        })
      }
    />
  );
}
