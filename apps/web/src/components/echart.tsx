import { BarChart, LineChart } from "echarts/charts";
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { type ECharts, type EChartsCoreOption, init, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { type CSSProperties, useEffect, useRef } from "react";

// Only the parts the portal draws, so the chart chunk stays small.
use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export interface EChartClick {
  dataIndex: number;
  name: string;
  seriesName?: string;
}

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** Read by screen readers in place of the canvas. */
  ariaLabel: string;
  onClick?: (event: EChartClick) => void;
  className?: string;
  style?: CSSProperties;
}

/** An ECharts canvas that follows its container's size and is disposed with the component. */
export function EChart({ option, height, ariaLabel, onClick, className, style }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const clickHandler = useRef(onClick);
  clickHandler.current = onClick;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: "canvas" });
    chart.current = instance;
    instance.on("click", (event) => {
      clickHandler.current?.({
        dataIndex: event.dataIndex,
        name: event.name,
        seriesName: event.seriesName,
      });
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={ariaLabel}
      className={className}
      style={{ width: "100%", height, cursor: onClick ? "pointer" : undefined, ...style }}
    />
  );
}
