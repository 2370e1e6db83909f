import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import type { TFunction } from "i18next";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useElementWidth } from "../hooks/use-element-width.ts";
import { arrowsAlong, CYCLE_SIZES, cycleLayout, type Polyline, pathOf, textWidth } from "../utils/cycle-layout.ts";
import {
  type CycleMode,
  type CyclePipe,
  compressorRuns,
  cycleValue,
  flowReversed,
  isAlarm,
  isIndoorRunning,
  outdoorCoilRole,
  pipeColour,
  SIDE_COLOURS,
} from "../utils/system-cycle.ts";
import { READING_DIGITS, statusWordText } from "../utils/unit-readings.ts";

const INK = "#343a40";
const MUTED = "#868e96";
const FRAME = "#ced4da";
const ALARM = "#e03131";
const WORD_COLOURS: Record<string, string> = { STOP: "#868e96", "TH OFF": "#1c7ed6", "TH ON": "#2f9e44", ALARM };
const MODE_COLOURS: Record<string, string> = { heating: "#e03131", cooling: "#1c7ed6", dry: "#0c8599", fan: MUTED };

interface Flow {
  mode: CycleMode;
  flowing: boolean;
}

/** A value with its unit from the locale, or a dash before the unit reports it. */
const reading = (t: TFunction, key: string, value: number | null | undefined, digits: number): string => {
  const text = cycleValue(value, digits);
  return text === null ? "—" : t(key, { value: text });
};

/** The white band under a pipe, so a line drawn later crosses an earlier one with a gap. */
function Casing({ line, width }: { line: Polyline; width: number }) {
  return <path d={pathOf(line)} fill="none" stroke="#fff" strokeWidth={width + 4} strokeLinejoin="round" />;
}

/** One pipe, by default on its casing. */
function Pipe({
  line,
  colour,
  width = 3,
  casing = true,
}: {
  line: Polyline;
  colour: string;
  width?: number;
  casing?: boolean;
}) {
  const d = pathOf(line);
  return (
    <>
      {casing ? <Casing line={line} width={width} /> : null}
      <path d={d} fill="none" stroke={colour} strokeWidth={width} strokeLinejoin="round" strokeLinecap="round" />
    </>
  );
}

/** Arrows the way refrigerant flows in a pipe; none while the compressors stand still. */
function FlowArrows({ line, pipe, flow }: { line: Polyline; pipe: CyclePipe; flow: Flow }) {
  if (!flow.flowing) return null;
  const colour = pipeColour(pipe, flow.mode, true);
  return (
    <>
      {arrowsAlong(line, flowReversed(pipe, flow.mode)).map((arrow) => (
        <path
          key={`${arrow.x},${arrow.y}`}
          d="M-5 -5 L5 0 L-5 5 Z"
          fill={colour}
          stroke="#fff"
          strokeWidth={1}
          transform={`translate(${arrow.x} ${arrow.y}) rotate(${arrow.angle})`}
        />
      ))}
    </>
  );
}

function FlowPipe({ line, pipe, flow, width }: { line: Polyline; pipe: CyclePipe; flow: Flow; width?: number }) {
  return (
    <>
      <Pipe line={line} colour={pipeColour(pipe, flow.mode, flow.flowing)} {...(width ? { width } : {})} />
      <FlowArrows line={line} pipe={pipe} flow={flow} />
    </>
  );
}

/** An expansion valve: two triangles tip to tip across the pipe, its motor beside it. */
function Valve({ x, y, vertical }: { x: number; y: number; vertical: boolean }) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${vertical ? 0 : 90})`}>
      <line x1={0} y1={0} x2={13} y2={0} stroke={INK} strokeWidth={1.5} />
      <rect x={13} y={-4} width={8} height={8} rx={1.5} fill="#fff" stroke={INK} strokeWidth={1.5} />
      <path d="M-7 -10 L7 -10 L-7 10 L7 10 Z" fill="#fff" stroke={INK} strokeWidth={1.5} strokeLinejoin="round" />
    </g>
  );
}

/** A chip of text: a status word, on or off. */
function Chip({
  x,
  y,
  text,
  colour,
  anchor = "end",
}: {
  x: number;
  y: number;
  text: string;
  colour: string;
  anchor?: "start" | "end";
}) {
  const width = textWidth(text, 11) + 12;
  const left = anchor === "end" ? x - width : x;
  return (
    <g>
      <rect
        x={left}
        y={y - 13}
        width={width}
        height={18}
        rx={9}
        fill={colour}
        fillOpacity={0.12}
        stroke={colour}
        strokeOpacity={0.5}
      />
      <text x={left + width / 2} y={y} textAnchor="middle" fontSize={11} fontWeight={600} fill={colour}>
        {text}
      </text>
    </g>
  );
}

/** A sensor's box beside its pipe: two lines, a name and a value each. */
function SensorBox({
  x,
  y,
  width,
  colour,
  lines,
  title,
}: {
  x: number;
  y: number;
  width: number;
  colour: string;
  lines: [string, string][];
  title: string;
}) {
  return (
    <g>
      <title>{title}</title>
      <rect
        x={x}
        y={y}
        width={width}
        height={14 + lines.length * 15}
        rx={5}
        fill="#fff"
        stroke={colour}
        strokeWidth={1.2}
      />
      {lines.map(([label, value], i) => (
        <text key={label} x={x + 7} y={y + 17 + i * 15} fontSize={11} fill={INK}>
          <tspan fill={MUTED}>{label}</tspan> <tspan fontWeight={600}>{value}</tspan>
        </text>
      ))}
    </g>
  );
}

const zigzag = (fromX: number, toX: number, y: number, amplitude: number, step: number): string => {
  const points: string[] = [];
  const count = Math.max(2, Math.round((toX - fromX) / step));
  for (let i = 0; i <= count; i += 1) {
    const x = fromX + ((toX - fromX) * i) / count;
    const dy = i === 0 || i === count ? 0 : i % 2 === 0 ? amplitude : -amplitude;
    points.push(`${i === 0 ? "M" : "L"}${x.toFixed(1)} ${y + dy}`);
  }
  return points.join(" ");
};

// The outdoor unit's drawing, in its own coordinates (CYCLE_SIZES.outdoor: 310 × 310).
const OD = {
  coil: { left: 36, right: 214, top: 34, bottom: 76, mid: 55, gasX: 60, liquidX: 196 },
  fan: { x: 264, y: 55, r: 18 },
  fourWay: { left: 38, right: 82, top: 122, bottom: 148, dischargeX: 50, suctionX: 70 },
  compressor: { x: 50, y: 246, r: 22 },
  accumulator: { left: 144, right: 160, top: 170, bottom: 210 },
  mainValve: { x: 196, y: 132 },
  subValve: { x: 178, y: 190 },
} as const;

function OutdoorUnitDrawing({ unit, x, y, flow: system }: { unit: TOutdoorUnit; x: number; y: number; flow: Flow }) {
  const { t } = useTranslation("devices");
  const { width, height, gasX, liquidX } = CYCLE_SIZES.outdoor;
  const { coil, fan, fourWay: fw, compressor: comp, accumulator: acc, mainValve, subValve } = OD;
  const alarm = isAlarm(unit);
  const word = statusWordText(unit.statusWord);
  const runs = compressorRuns(unit);
  // A unit whose compressor stands still while others run is drawn idle, like an indoor unit not running.
  const flow: Flow = { mode: system.mode, flowing: system.flowing && runs };
  const role = outdoorCoilRole(flow.mode, flow.flowing);
  const [mainPulses, subPulses] = unit.eevPulses ?? [null, null];
  const accX = (acc.left + acc.right) / 2;

  const pipes: { pipe: CyclePipe; line: Polyline; width?: number }[] = [
    {
      pipe: "discharge",
      line: [
        { x: fw.dischargeX, y: comp.y - comp.r },
        { x: fw.dischargeX, y: fw.bottom },
      ],
    },
    {
      pipe: "suction",
      line: [
        { x: fw.suctionX, y: fw.bottom },
        { x: fw.suctionX, y: 160 },
        { x: accX, y: 160 },
        { x: accX, y: acc.top },
      ],
    },
    {
      pipe: "suction",
      line: [
        { x: accX, y: acc.bottom },
        { x: accX, y: comp.y },
        { x: comp.x + comp.r, y: comp.y },
      ],
    },
    {
      pipe: "outdoorGas",
      line: [
        { x: coil.gasX, y: fw.top },
        { x: coil.gasX, y: coil.bottom },
      ],
    },
    {
      pipe: "outdoorLiquid",
      line: [
        { x: coil.liquidX, y: coil.bottom },
        { x: coil.liquidX, y: mainValve.y - 10 },
      ],
    },
    {
      pipe: "liquidLine",
      line: [
        { x: liquidX, y: mainValve.y + 10 },
        { x: liquidX, y: height },
      ],
    },
    {
      pipe: "subFeed",
      line: [
        { x: liquidX, y: subValve.y },
        { x: subValve.x + 10, y: subValve.y },
      ],
      width: 2,
    },
    {
      pipe: "subReturn",
      line: [
        { x: subValve.x - 10, y: subValve.y },
        { x: acc.right, y: subValve.y },
      ],
      width: 2,
    },
    {
      pipe: "gasLine",
      line: [
        { x: gasX, y: height },
        { x: gasX, y: (fw.top + fw.bottom) / 2 },
        { x: fw.left, y: (fw.top + fw.bottom) / 2 },
      ],
    },
  ];
  const coilColour = pipeColour("outdoorCoil", flow.mode, flow.flowing);

  return (
    <g transform={`translate(${x} ${y})`}>
      <rect
        width={width}
        height={height}
        rx={10}
        fill={alarm ? "#fff5f5" : "#f8f9fa"}
        stroke={alarm ? ALARM : FRAME}
        strokeWidth={alarm ? 2 : 1}
      />
      <text x={12} y={21} fontSize={13} fontWeight={600} fill={INK}>
        {t("cycle.outdoorUnit", { address: unit.address })}
      </text>
      {word ? <Chip x={width - 10} y={21} text={word} colour={WORD_COLOURS[word] ?? MUTED} /> : null}

      {/* The outdoor coil with its fins, and the fan blowing through it. */}
      <rect
        x={coil.left}
        y={coil.top}
        width={coil.right - coil.left}
        height={coil.bottom - coil.top}
        rx={4}
        fill="#fff"
        stroke={FRAME}
      />
      {Array.from({ length: Math.floor((coil.right - coil.left) / 8) - 1 }, (_, i) => (
        <line
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decoration
          key={i}
          x1={coil.left + 8 * (i + 1)}
          x2={coil.left + 8 * (i + 1)}
          y1={coil.top + 3}
          y2={coil.bottom - 3}
          stroke="#e9ecef"
        />
      ))}
      <path
        d={`M${coil.gasX} ${coil.bottom} L${coil.gasX} ${coil.mid} ${zigzag(coil.gasX, coil.liquidX, coil.mid, 9, 9).replace(/^M/, "L")} L${coil.liquidX} ${coil.bottom}`}
        fill="none"
        stroke={coilColour}
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <text x={(coil.left + coil.right) / 2} y={coil.bottom + 16} textAnchor="middle" fontSize={11} fill={MUTED}>
        {t(`cycle.coilRole.${role}`)}
      </text>
      <g transform={`translate(${fan.x} ${fan.y})`}>
        <title>{t("cycle.fan")}</title>
        <circle r={fan.r} fill="#fff" stroke={FRAME} />
        {[0, 120, 240].map((angle) => (
          <ellipse
            key={angle}
            cx={0}
            cy={-8}
            rx={4}
            ry={8}
            fill={unit.fanRpm ? "#74c0fc" : "#dee2e6"}
            transform={`rotate(${angle})`}
          />
        ))}
        <circle r={2.5} fill={INK} />
      </g>
      <text x={fan.x} y={fan.y + fan.r + 18} textAnchor="middle" fontSize={11} fill={INK} fontWeight={600}>
        {reading(t, "cycle.rpm", unit.fanRpm, READING_DIGITS.rpm)}
      </text>
      <text x={fan.x} y={fan.y + fan.r + 34} textAnchor="middle" fontSize={11} fill={MUTED}>
        {t("cycle.air", { value: reading(t, "list.celsius", unit.outdoorAirTempC, READING_DIGITS.temperature) })}
      </text>

      {pipes.map((p, i) => (
        <Pipe
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed drawing
          key={i}
          line={p.line}
          colour={pipeColour(p.pipe, flow.mode, flow.flowing)}
          casing={false}
          {...(p.width ? { width: p.width } : {})}
        />
      ))}
      {pipes.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed drawing
        <FlowArrows key={i} line={p.line} pipe={p.pipe} flow={flow} />
      ))}

      {/* The 4-way valve, which turns the flow round for heating. */}
      <g>
        <title>{t("cycle.fourWayTitle")}</title>
        <rect
          x={fw.left}
          y={fw.top}
          width={fw.right - fw.left}
          height={fw.bottom - fw.top}
          rx={4}
          fill="#fff"
          stroke={INK}
          strokeWidth={1.5}
        />
        <text x={(fw.left + fw.right) / 2} y={fw.top + 17} textAnchor="middle" fontSize={10} fill={INK}>
          {t("cycle.fourWay")}
        </text>
      </g>

      {/* The accumulator on the suction line. */}
      <g>
        <title>{t("cycle.accumulator")}</title>
        <rect
          x={acc.left}
          y={acc.top}
          width={acc.right - acc.left}
          height={acc.bottom - acc.top}
          rx={8}
          fill="#fff"
          stroke={INK}
          strokeWidth={1.5}
        />
      </g>

      {/* The compressor: a circle with the converging lines of its symbol. */}
      <g transform={`translate(${comp.x} ${comp.y})`}>
        <title>{t("cycle.compressor")}</title>
        <circle r={comp.r} fill={runs ? "#fff4e6" : "#fff"} stroke={INK} strokeWidth={1.8} />
        <line x1={-15} y1={-16} x2={16} y2={-7} stroke={INK} strokeWidth={1.5} />
        <line x1={-15} y1={16} x2={16} y2={7} stroke={INK} strokeWidth={1.5} />
      </g>
      <text x={comp.x} y={comp.y + comp.r + 20} textAnchor="middle" fontSize={13} fontWeight={700} fill={INK}>
        {reading(t, "list.hz", unit.compressorHz, READING_DIGITS.frequency)}
      </text>

      <Valve x={mainValve.x} y={mainValve.y} vertical />
      <text x={mainValve.x + 26} y={mainValve.y - 3} fontSize={11} fill={MUTED}>
        {t("cycle.mainEev")}
      </text>
      <text x={mainValve.x + 26} y={mainValve.y + 13} fontSize={12} fontWeight={600} fill={INK}>
        {reading(t, "cycle.pulses", mainPulses, READING_DIGITS.pulses)}
      </text>
      <Valve x={subValve.x} y={subValve.y} vertical={false} />
      <text x={mainValve.x + 26} y={subValve.y - 3} fontSize={11} fill={MUTED}>
        {t("cycle.subEev")}
      </text>
      <text x={mainValve.x + 26} y={subValve.y + 13} fontSize={12} fontWeight={600} fill={INK}>
        {reading(t, "cycle.pulses", subPulses, READING_DIGITS.pulses)}
      </text>

      {/* Sensors: discharge temperature and high pressure, suction temperature and low pressure. */}
      <circle
        cx={fw.dischargeX}
        cy={206}
        r={3.5}
        fill={pipeColour("discharge", flow.mode, flow.flowing)}
        stroke="#fff"
      />
      <SensorBox
        x={fw.dischargeX + 8}
        y={172}
        width={82}
        colour={flow.flowing ? SIDE_COLOURS.hotGas : FRAME}
        title={t("cycle.highSideTitle")}
        lines={[
          [t("cycle.td"), reading(t, "list.celsius", unit.dischargeTempC, READING_DIGITS.temperature)],
          [t("cycle.hp"), reading(t, "list.mpa", unit.highPressureMpa, READING_DIGITS.pressure)],
        ]}
      />
      <circle cx={94} cy={comp.y} r={3.5} fill={pipeColour("suction", flow.mode, flow.flowing)} stroke="#fff" />
      <SensorBox
        x={82}
        y={comp.y + 12}
        width={82}
        colour={flow.flowing ? SIDE_COLOURS.low : FRAME}
        title={t("cycle.lowSideTitle")}
        lines={[
          [t("cycle.ts"), reading(t, "list.celsius", unit.suctionTempC, READING_DIGITS.temperature)],
          [t("cycle.lp"), reading(t, "list.mpa", unit.lowPressureMpa, READING_DIGITS.pressure)],
        ]}
      />
    </g>
  );
}

// An indoor unit's card, in its own coordinates (CYCLE_SIZES.indoor: 148 × 168).
const ID = { coil: { left: 18, right: 110, y: 104 }, valve: { y: 126 } } as const;

function IndoorUnitCard({ unit, x, y, flow }: { unit: TIndoorUnit; x: number; y: number; flow: Flow }) {
  const { t } = useTranslation("devices");
  const { width, height, gasX, liquidX } = CYCLE_SIZES.indoor;
  const alarm = isAlarm(unit);
  const running = isIndoorRunning(unit) && flow.flowing;
  const own: Flow = { mode: flow.mode, flowing: running };
  const chip = alarm
    ? { text: t("cycle.alarm"), colour: ALARM }
    : unit.powerOn
      ? { text: t("list.on"), colour: "#2f9e44" }
      : { text: t("list.off"), colour: MUTED };
  const [liquidTemp, gasTemp] = unit.pipeTempsC ?? [null, null];
  const mode = unit.mode ? t(`modes.${unit.mode}`, { defaultValue: unit.mode }) : "—";
  const modeColour = MODE_COLOURS[unit.mode] ?? INK;
  const text = unit.powerOn ? INK : MUTED;
  return (
    <g transform={`translate(${x} ${y})`}>
      <title>{t("cycle.indoorTitle", { address: unit.address, mode })}</title>
      <rect
        width={width}
        height={height}
        rx={8}
        fill={alarm ? "#fff5f5" : unit.powerOn ? "#fff" : "#f8f9fa"}
        stroke={alarm ? ALARM : FRAME}
        strokeWidth={alarm ? 2 : 1}
      />
      <text x={10} y={21} fontSize={13} fontWeight={600} fill={INK}>
        {t("cycle.indoorUnit", { address: unit.address })}
      </text>
      <Chip x={width - 8} y={21} text={chip.text} colour={chip.colour} />
      <text x={10} y={41} fontSize={12} fontWeight={600} fill={unit.powerOn ? modeColour : MUTED}>
        {mode}
      </text>
      <text x={10} y={59} fontSize={10} fill={MUTED}>
        {t("cycle.room")}
      </text>
      <text x={width - 10} y={59} fontSize={10} fill={MUTED} textAnchor="end">
        {t("cycle.set")}
      </text>
      <text x={10} y={79} fontSize={18} fontWeight={700} fill={text}>
        {reading(t, "list.celsius", unit.roomTemperature, READING_DIGITS.temperature)}
      </text>
      <text x={width - 10} y={79} fontSize={13} fontWeight={600} fill={text} textAnchor="end">
        {reading(t, "list.celsius", unit.setTemperature, READING_DIGITS.temperature)}
      </text>

      <path
        d={zigzag(ID.coil.left, ID.coil.right, ID.coil.y, 7, 8)}
        fill="none"
        stroke={pipeColour("indoorCoil", own.mode, own.flowing)}
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <FlowPipe
        pipe="liquidLine"
        flow={own}
        line={[
          { x: liquidX, y: height },
          { x: liquidX, y: ID.valve.y + 10 },
        ]}
      />
      <FlowPipe
        pipe="indoorLiquid"
        width={2}
        flow={own}
        line={[
          { x: liquidX, y: ID.valve.y - 10 },
          { x: liquidX, y: ID.coil.y },
          { x: ID.coil.right, y: ID.coil.y },
        ]}
      />
      <FlowPipe
        pipe="gasLine"
        flow={own}
        line={[
          { x: gasX, y: ID.coil.y },
          { x: gasX, y: height },
        ]}
      />
      <Valve x={liquidX} y={ID.valve.y} vertical />
      <text x={liquidX - 12} y={ID.valve.y + 4} fontSize={11} fill={text} textAnchor="end">
        <tspan fill={MUTED}>{t("cycle.eev")}</tspan>{" "}
        <tspan fontWeight={600}>{reading(t, "cycle.pulses", unit.eevPulses, READING_DIGITS.pulses)}</tspan>
      </text>
      <text x={gasX + 8} y={146} fontSize={11} fill={text}>
        <tspan fill={MUTED}>{t("cycle.gasPipe")}</tspan>{" "}
        <tspan fontWeight={600}>{reading(t, "list.celsius", gasTemp, READING_DIGITS.temperature)}</tspan>
      </text>
      <text x={liquidX - 8} y={161} fontSize={11} fill={text} textAnchor="end">
        <tspan fill={MUTED}>{t("cycle.liquidPipe")}</tspan>{" "}
        <tspan fontWeight={600}>{reading(t, "list.celsius", liquidTemp, READING_DIGITS.temperature)}</tspan>
      </text>
    </g>
  );
}

/** The colour key and the sensor names under the drawing. */
function Legend({ flowing }: { flowing: boolean }) {
  const { t } = useTranslation("devices");
  const items: [string, string][] = flowing
    ? [
        [SIDE_COLOURS.hotGas, t("cycle.legend.hotGas")],
        [SIDE_COLOURS.liquid, t("cycle.legend.liquid")],
        [SIDE_COLOURS.low, t("cycle.legend.low")],
      ]
    : [[SIDE_COLOURS.idle, t("cycle.legend.idle")]];
  return (
    <div className="devices-cycle-legend">
      {items.map(([colour, label]) => (
        <span key={label} className="devices-cycle-legend-item">
          <span className="devices-cycle-swatch" style={{ background: colour }} />
          {label}
        </span>
      ))}
      <span className="devices-cycle-legend-item devices-muted">{t("cycle.legend.sensors")}</span>
    </div>
  );
}

/**
 * The refrigerant cycle of one system, drawn: each outdoor unit with its compressor, 4-way valve,
 * coil, fan, main and sub EEV and its sensors; the liquid and gas lines; the indoor units as a
 * grid of evaporators. Lines are coloured by side (hot gas, liquid, low pressure) and carry
 * arrows the way refrigerant flows, reversed for heating. Drawn at the width of its container,
 * one unit a pixel, so text keeps its size; narrower than one outdoor unit, it scales down.
 */
export function SystemCycleDiagram({
  outdoor,
  indoor,
  mode,
  flowing,
  offline,
  children,
}: {
  outdoor: TOutdoorUnit[];
  indoor: TIndoorUnit[];
  mode: CycleMode;
  flowing: boolean;
  offline: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("devices");
  const container = useRef<HTMLDivElement>(null);
  const measured = useElementWidth(container);
  const layout = cycleLayout({ width: measured, outdoorCount: outdoor.length, indoorCount: indoor.length });
  const flow: Flow = { mode, flowing };
  const liquidColour = pipeColour("liquidLine", mode, flowing);
  const gasColour = pipeColour("gasLine", mode, flowing);
  return (
    <div className={offline ? "devices-cycle devices-cycle-offline" : "devices-cycle"}>
      <div ref={container} className="devices-cycle-canvas">
        {measured > 0 ? (
          <svg
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            width="100%"
            role="img"
            aria-label={t("cycle.drawingLabel", { outdoor: outdoor.length, indoor: indoor.length })}
            className="devices-cycle-svg"
          >
            <text x={layout.outdoorTitle.x} y={layout.outdoorTitle.y} fontSize={12} fontWeight={600} fill={MUTED}>
              {t("cycle.outdoorSection", { count: outdoor.length })}
            </text>
            <text x={layout.indoorTitle.x} y={layout.indoorTitle.y} fontSize={12} fontWeight={600} fill={MUTED}>
              {t("cycle.indoorSection", { count: indoor.length })}
            </text>
            {layout.outdoorNote ? (
              <text x={layout.outdoorNote.x} y={layout.outdoorNote.y} fontSize={12} fill={MUTED}>
                {t("cycle.noOutdoor")}
              </text>
            ) : null}
            {layout.indoorNote ? (
              <text x={layout.indoorNote.x} y={layout.indoorNote.y} fontSize={12} fill={MUTED}>
                {t("cycle.noIndoor")}
              </text>
            ) : null}

            {/* The liquid line first, so the gas line crosses over it (its casing cuts a gap). */}
            {layout.liquid.map((line) => (
              <Casing key={pathOf(line)} line={line} width={3} />
            ))}
            {layout.liquid.map((line) => (
              <Pipe key={pathOf(line)} line={line} colour={liquidColour} casing={false} />
            ))}
            {layout.liquidJoints.map((p) => (
              <circle key={`${p.x},${p.y}`} cx={p.x} cy={p.y} r={4} fill={liquidColour} />
            ))}
            {layout.gas.map((line) => (
              <Casing key={pathOf(line)} line={line} width={4} />
            ))}
            {layout.gas.map((line) => (
              <Pipe key={pathOf(line)} line={line} colour={gasColour} width={4} casing={false} />
            ))}
            {layout.gasJoints.map((p) => (
              <circle key={`${p.x},${p.y}`} cx={p.x} cy={p.y} r={4.5} fill={gasColour} />
            ))}
            {layout.liquid.map((line) => (
              <FlowArrows key={pathOf(line)} line={line} pipe="liquidLine" flow={flow} />
            ))}
            {layout.gas.map((line) => (
              <FlowArrows key={pathOf(line)} line={line} pipe="gasLine" flow={flow} />
            ))}

            {outdoor.map((unit, i) => {
              const at = layout.outdoor[i];
              return at ? <OutdoorUnitDrawing key={unit.id} unit={unit} x={at.x} y={at.y} flow={flow} /> : null;
            })}
            {indoor.map((unit, i) => {
              const at = layout.indoor[i];
              return at ? <IndoorUnitCard key={unit.id} unit={unit} x={at.x} y={at.y} flow={flow} /> : null;
            })}
          </svg>
        ) : null}
      </div>
      <Legend flowing={flowing} />
      {children}
    </div>
  );
}
