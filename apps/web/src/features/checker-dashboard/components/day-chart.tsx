import type { EChartsCoreOption } from "echarts/core";
import { EChart } from "../../../components/echart.tsx";

interface DayChartProps {
  option: EChartsCoreOption;
  height: number;
  ariaLabel: string;
  /** A bar clicked: its day's index, and its series' name. */
  onBarClick?: (dayIndex: number, seriesName: string | undefined) => void;
}

/**
 * A chart of the dashboard's 30 days. Loaded on its own (React.lazy in the page), so ECharts is
 * fetched once the figures are shown, never with the module's first load.
 */
export default function DayChart({ option, height, ariaLabel, onBarClick }: DayChartProps) {
  return (
    <EChart
      option={option}
      height={height}
      ariaLabel={ariaLabel}
      onClick={onBarClick ? (event) => onBarClick(event.dataIndex, event.seriesName) : undefined}
    />
  );
}
