import { type CSSProperties, type MouseEvent, useEffect, useRef, useState } from "react";
import "./light-bar-chart.css";

export interface LightBarChartProps {
  /** One bar per category, in order. */
  categories: readonly string[];
  values: readonly number[];
  /** Name of the bars in the tooltip. */
  seriesName: string;
  /** A flat dashed line across the chart (an average, a target), named in the tooltip. */
  reference?: { name: string; value: number };
  /** The category as written under the axis (the tooltip shows it whole). */
  axisLabel?: (category: string) => string;
  height: number;
  /** Read by screen readers in place of the canvas. */
  ariaLabel: string;
  onClick?: (index: number) => void;
  colors?: { bar: string; barHover: string; reference: string };
  className?: string;
  style?: CSSProperties;
}

const DEFAULT_COLORS = { bar: "#2BC6C2", barHover: "#1EA7A3", reference: "#FAAD14" };
const AXIS = "#D9D9D9";
const SPLIT = "#F0F0F0";
const LABEL = "#8C8C8C";
const PAD = { top: 16, right: 12, bottom: 26, left: 8 };
const BAR_MAX_WIDTH = 18;

/** A step of 1, 2 or 5 times a power of ten giving about five whole-number intervals up to `max`. */
export const niceStep = (max: number): number => {
  if (max <= 5) return 1;
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(1, step);
};

interface Layout {
  left: number;
  right: number;
  top: number;
  bottom: number;
  band: number;
  yMax: number;
  step: number;
}

/**
 * A bar chart drawn on one canvas, with a dashed reference line, axis labels, a tooltip and
 * clickable bars: what the dashboard needs, without ECharts, whose smallest build is about
 * 150 kB of compressed script. The dashboard is the first page after sign-in, so it stays within
 * the first-load budget (docs/ARCHITECTURE.md, "Delivery"); pages that need zooming, legends or
 * stacking use components/echart.tsx.
 */
export function LightBarChart({
  categories,
  values,
  seriesName,
  reference,
  axisLabel = (c) => c,
  height,
  ariaLabel,
  onClick,
  colors = DEFAULT_COLORS,
  className,
  style,
}: LightBarChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layout = useRef<Layout | null>(null);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = width * ratio;
    element.height = height * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const font = getComputedStyle(element).fontFamily;

    const top = Math.max(0, ...values, reference?.value ?? 0);
    const step = niceStep(top);
    const yMax = Math.max(step, Math.ceil(top / step) * step);
    const ticks = Array.from({ length: yMax / step + 1 }, (_, i) => i * step);
    context.font = `12px ${font}`;
    const left = PAD.left + Math.max(...ticks.map((t) => context.measureText(String(t)).width)) + 8;
    const right = width - PAD.right;
    const bottom = height - PAD.bottom;
    const band = categories.length ? (right - left) / categories.length : 0;
    const y = (v: number) => bottom - ((bottom - PAD.top) * v) / yMax;
    layout.current = { left, right, top: PAD.top, bottom, band, yMax, step };

    // Horizontal grid and the value axis labels.
    context.textAlign = "right";
    context.textBaseline = "middle";
    context.fillStyle = LABEL;
    for (const tick of ticks) {
      const ty = Math.round(y(tick)) + 0.5;
      context.strokeStyle = tick === 0 ? AXIS : SPLIT;
      context.lineWidth = 1;
      context.beginPath();
      context.moveTo(left, ty);
      context.lineTo(right, ty);
      context.stroke();
      context.fillText(String(tick), left - 8, ty);
    }

    // The hovered category's band, then the bars.
    if (hover) {
      context.fillStyle = "rgba(150, 150, 150, 0.1)";
      context.fillRect(left + hover.index * band, PAD.top, band, bottom - PAD.top);
    }
    const barWidth = Math.min(BAR_MAX_WIDTH, band * 0.6);
    values.forEach((value, i) => {
      if (value <= 0) return;
      const x = left + i * band + (band - barWidth) / 2;
      const h = bottom - y(value);
      const radius = Math.min(3, barWidth / 2, h);
      context.fillStyle = hover?.index === i ? colors.barHover : colors.bar;
      context.beginPath();
      context.roundRect(x, bottom - h, barWidth, h, [radius, radius, 0, 0]);
      context.fill();
    });

    // Category labels, thinned out so they never overlap.
    context.font = `11px ${font}`;
    context.textAlign = "center";
    context.textBaseline = "top";
    context.fillStyle = LABEL;
    const labelWidth = Math.max(0, ...categories.map((c) => context.measureText(axisLabel(c)).width)) + 8;
    const every = Math.max(1, Math.ceil(labelWidth / Math.max(band, 1)));
    categories.forEach((category, i) => {
      if (i % every !== 0) return;
      context.fillText(axisLabel(category), left + i * band + band / 2, bottom + 8);
    });

    if (reference && categories.length) {
      const ry = Math.round(y(reference.value)) + 0.5;
      context.strokeStyle = colors.reference;
      context.lineWidth = 1;
      context.setLineDash([5, 5]);
      context.beginPath();
      context.moveTo(left + band / 2, ry);
      context.lineTo(right - band / 2, ry);
      context.stroke();
      context.setLineDash([]);
    }
  }, [width, height, categories, values, reference, axisLabel, colors, hover]);

  const indexAt = (event: MouseEvent): { index: number; x: number; y: number } | null => {
    const box = layout.current;
    const rect = container.current?.getBoundingClientRect();
    if (!box || !rect || box.band <= 0) return null;
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    if (x < box.left || x >= box.right || y < box.top || y > box.bottom) return null;
    const index = Math.floor((x - box.left) / box.band);
    return index >= 0 && index < categories.length ? { index, x, y } : null;
  };

  const hovered = hover ? categories[hover.index] : undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a shortcut for pointers only (as ECharts' canvas was): the list a bar opens is reachable through its page's own filters.
    <div
      ref={container}
      role="img"
      aria-label={ariaLabel}
      className={["light-bar-chart", className].filter(Boolean).join(" ")}
      style={{ height, cursor: onClick && hover ? "pointer" : undefined, ...style }}
      onPointerMove={(event) => setHover(indexAt(event))}
      onPointerLeave={() => setHover(null)}
      onClick={(event) => {
        const at = indexAt(event);
        if (at && onClick) onClick(at.index);
      }}
    >
      <canvas ref={canvas} style={{ width, height }} />
      {hover && hovered !== undefined && (
        <div
          className="light-bar-chart-tooltip"
          style={{
            left: Math.min(hover.x + 14, Math.max(0, width - 180)),
            top: Math.max(0, hover.y - 64),
          }}
        >
          <div className="light-bar-chart-tooltip-title">{hovered}</div>
          <div>
            <span className="light-bar-chart-dot" style={{ background: colors.bar }} />
            {seriesName} <b>{values[hover.index] ?? 0}</b>
          </div>
          {reference && (
            <div>
              <span className="light-bar-chart-dash" style={{ borderColor: colors.reference }} />
              {reference.name} <b>{reference.value}</b>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
