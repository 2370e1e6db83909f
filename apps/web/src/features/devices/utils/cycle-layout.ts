/**
 * Where the system cycle diagram puts things, for a drawing `width` pixels wide (one SVG unit is
 * one pixel, so text keeps its size): the outdoor units side by side in rows, the indoor units in
 * a grid below them, and the two refrigerant lines joining them — a gas and a liquid trunk down
 * the left edge, a header of each under every row, and a drop to each unit. Every line is given
 * in the direction refrigerant flows when cooling (outdoor to indoor in the liquid line, back in
 * the gas line).
 */

export interface Point {
  x: number;
  y: number;
}
export type Polyline = readonly Point[];

export const CYCLE_SIZES = {
  pad: 8,
  /** Left margin holding the two trunks: liquid outside, gas inside. */
  lane: 32,
  liquidTrunk: 8,
  gasTrunk: 20,
  gap: 12,
  /** Room for a section's title above its units. */
  title: 28,
  /** An outdoor unit's drawing; its gas and liquid pipes leave at the bottom, at these x. */
  outdoor: { width: 310, height: 310, gasX: 16, liquidX: 196 },
  /** An indoor unit's card; its pipes leave at the bottom too. */
  indoor: { width: 148, height: 168, gasX: 18, liquidX: 124 },
  /** Headers under a row: the gas one nearer the units, so only liquid drops cross it. */
  gasHeader: 14,
  liquidHeader: 28,
  /** Below a row's headers, before the next row. */
  rowGap: 20,
  /** The line saying a side has reported no units, where the trunks end or begin. */
  note: 36,
} as const;

export interface CycleLayout {
  width: number;
  height: number;
  outdoorTitle: Point;
  indoorTitle: Point;
  outdoor: Point[];
  indoor: Point[];
  /** Where "no units" is written for a side without units. */
  outdoorNote: Point | null;
  indoorNote: Point | null;
  liquid: Polyline[];
  gas: Polyline[];
  /** T-junctions of each line, drawn as dots. */
  liquidJoints: Point[];
  gasJoints: Point[];
}

/** The narrowest drawing: one outdoor unit beside the trunks. Narrower containers scale it down. */
export const CYCLE_MIN_WIDTH = CYCLE_SIZES.pad + CYCLE_SIZES.lane + CYCLE_SIZES.outdoor.width + CYCLE_SIZES.pad;

/** How many items of `itemWidth` fit side by side in `width`, at least one. */
export const columnsFor = (width: number, itemWidth: number): number => {
  const { pad, lane, gap } = CYCLE_SIZES;
  return Math.max(1, Math.floor((width - pad - lane - pad + gap) / (itemWidth + gap)));
};

interface Grid {
  cells: Point[];
  /** Each row's top and the x of its first and last cell. */
  rows: { top: number; cells: Point[] }[];
  bottom: number;
}

/** `count` cells of a size in rows of `columns`, each row followed by its headers. */
const grid = (count: number, columns: number, size: { width: number; height: number }, top: number): Grid => {
  const { pad, lane, gap, liquidHeader, rowGap } = CYCLE_SIZES;
  const rowHeight = size.height + liquidHeader + rowGap;
  const cells = Array.from({ length: count }, (_, i) => ({
    x: pad + lane + (i % columns) * (size.width + gap),
    y: top + Math.floor(i / columns) * rowHeight,
  }));
  const rows: Grid["rows"] = [];
  for (let i = 0; i < count; i += columns) rows.push({ top: cells[i]?.y ?? top, cells: cells.slice(i, i + columns) });
  return { cells, rows, bottom: top + rows.length * rowHeight };
};

const last = <T>(items: readonly T[]): T => items[items.length - 1] as T;

export const cycleLayout = ({
  width,
  outdoorCount,
  indoorCount,
}: {
  width: number;
  outdoorCount: number;
  indoorCount: number;
}): CycleLayout => {
  const S = CYCLE_SIZES;
  const drawingWidth = Math.max(Math.floor(width), CYCLE_MIN_WIDTH);
  const liquidX = S.pad + S.liquidTrunk;
  const gasX = S.pad + S.gasTrunk;
  const contentX = S.pad + S.lane;

  const outdoorTitle = { x: contentX, y: S.pad + 16 };
  const outdoorTop = S.pad + S.title;
  const outdoor = grid(outdoorCount, columnsFor(drawingWidth, S.outdoor.width), S.outdoor, outdoorTop);
  const outdoorNote = outdoorCount === 0 ? { x: contentX, y: outdoorTop + 16 } : null;
  const outdoorBottom = outdoorCount === 0 ? outdoorTop + S.note : outdoor.bottom;

  const indoorTitle = { x: contentX, y: outdoorBottom + 16 };
  const indoorTop = outdoorBottom + S.title;
  const indoor = grid(indoorCount, columnsFor(drawingWidth, S.indoor.width), S.indoor, indoorTop);
  const indoorNote = indoorCount === 0 ? { x: contentX, y: indoorTop + 16 } : null;
  const indoorBottom = indoorCount === 0 ? indoorTop + S.note : indoor.bottom;

  const liquid: Point[][] = [];
  const gas: Point[][] = [];
  const liquidJoints: Point[] = [];
  const gasJoints: Point[] = [];

  // Header heights of every row, outdoor rows first; a side without units meets the trunks at its note.
  const outdoorHeaders = outdoor.rows.map((row) => ({
    row,
    gasY: row.top + S.outdoor.height + S.gasHeader,
    liquidY: row.top + S.outdoor.height + S.liquidHeader,
  }));
  const indoorHeaders = indoor.rows.map((row) => ({
    row,
    gasY: row.top + S.indoor.height + S.gasHeader,
    liquidY: row.top + S.indoor.height + S.liquidHeader,
  }));
  const trunkTop = {
    gas: outdoorHeaders[0]?.gasY ?? outdoorTop + 8,
    liquid: outdoorHeaders[0]?.liquidY ?? outdoorTop + 8,
  };
  const trunkBottom = {
    gas: indoorHeaders.length > 0 ? last(indoorHeaders).gasY : indoorTop + 8,
    liquid: indoorHeaders.length > 0 ? last(indoorHeaders).liquidY : indoorTop + 8,
  };

  // Each header and trunk is cut at its joints, so each stretch between two joints gets its own
  // flow arrow (never one on a joint). `run` adds the stretches between consecutive points.
  const run = (into: Point[][], points: readonly Point[]) => {
    for (let i = 1; i < points.length; i += 1) into.push([points[i - 1] as Point, points[i] as Point]);
  };
  const trunkYs = (key: "gasY" | "liquidY", from: number, to: number) => [
    from,
    ...[...outdoorHeaders, ...indoorHeaders].map((h) => h[key]).filter((y) => y > from && y < to),
    to,
  ];

  // Liquid, outdoor to indoor: out of each outdoor unit, along its row's header to the trunk,
  // down the trunk, along each indoor row's header and up into each unit.
  for (const { row, liquidY } of outdoorHeaders) {
    const xs = row.cells.map((cell) => cell.x + S.outdoor.liquidX);
    row.cells.forEach((cell, i) => {
      const x = xs[i] as number;
      run(liquid, [
        { x, y: cell.y + S.outdoor.height },
        { x, y: liquidY },
      ]);
      if (i < row.cells.length - 1) liquidJoints.push({ x, y: liquidY });
    });
    run(
      liquid,
      [...[...xs].reverse(), liquidX].map((x) => ({ x, y: liquidY })),
    );
    if (liquidY !== trunkTop.liquid) liquidJoints.push({ x: liquidX, y: liquidY });
  }
  run(
    liquid,
    trunkYs("liquidY", trunkTop.liquid, trunkBottom.liquid).map((y) => ({ x: liquidX, y })),
  );
  for (const { row, liquidY } of indoorHeaders) {
    if (liquidY !== trunkBottom.liquid) liquidJoints.push({ x: liquidX, y: liquidY });
    const xs = row.cells.map((cell) => cell.x + S.indoor.liquidX);
    run(
      liquid,
      [liquidX, ...xs].map((x) => ({ x, y: liquidY })),
    );
    row.cells.forEach((cell, i) => {
      const x = xs[i] as number;
      run(liquid, [
        { x, y: liquidY },
        { x, y: cell.y + S.indoor.height },
      ]);
      if (i < row.cells.length - 1) liquidJoints.push({ x, y: liquidY });
    });
  }

  // Gas, indoor to outdoor: the same way back.
  for (const { row, gasY } of indoorHeaders) {
    const xs = row.cells.map((cell) => cell.x + S.indoor.gasX);
    row.cells.forEach((cell, i) => {
      const x = xs[i] as number;
      run(gas, [
        { x, y: cell.y + S.indoor.height },
        { x, y: gasY },
      ]);
      if (i < row.cells.length - 1) gasJoints.push({ x, y: gasY });
    });
    run(
      gas,
      [...[...xs].reverse(), gasX].map((x) => ({ x, y: gasY })),
    );
    if (gasY !== trunkBottom.gas) gasJoints.push({ x: gasX, y: gasY });
  }
  run(
    gas,
    trunkYs("gasY", trunkTop.gas, trunkBottom.gas)
      .reverse()
      .map((y) => ({ x: gasX, y })),
  );
  for (const { row, gasY } of outdoorHeaders) {
    if (gasY !== trunkTop.gas) gasJoints.push({ x: gasX, y: gasY });
    const xs = row.cells.map((cell) => cell.x + S.outdoor.gasX);
    run(
      gas,
      [gasX, ...xs].map((x) => ({ x, y: gasY })),
    );
    row.cells.forEach((cell, i) => {
      const x = xs[i] as number;
      run(gas, [
        { x, y: gasY },
        { x, y: cell.y + S.outdoor.height },
      ]);
      if (i < row.cells.length - 1) gasJoints.push({ x, y: gasY });
    });
  }

  return {
    width: drawingWidth,
    height: indoorBottom + S.pad,
    outdoorTitle,
    indoorTitle,
    outdoor: outdoor.cells,
    indoor: indoor.cells,
    outdoorNote,
    indoorNote,
    liquid,
    gas,
    liquidJoints,
    gasJoints,
  };
};

export interface Arrow {
  x: number;
  y: number;
  /** Degrees, 0 pointing right, clockwise (SVG's rotate). */
  angle: number;
}

/**
 * Flow arrows along a line: one in the middle of each straight stretch at least `minLength`
 * long, one more per `spacing` on long ones, pointing the way refrigerant flows (against the
 * drawn direction when `reversed`).
 */
export const arrowsAlong = (
  line: Polyline,
  reversed: boolean,
  { minLength = 36, spacing = 160 }: { minLength?: number; spacing?: number } = {},
): Arrow[] => {
  const arrows: Arrow[] = [];
  for (let i = 1; i < line.length; i += 1) {
    const from = line[i - 1] as Point;
    const to = line[i] as Point;
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const length = Math.hypot(dx, dy);
    if (length < minLength) continue;
    const count = Math.max(1, Math.floor(length / spacing));
    const angle = (Math.atan2(dy, dx) * 180) / Math.PI + (reversed ? 180 : 0);
    for (let k = 0; k < count; k += 1) {
      const share = (k + 0.5) / count;
      arrows.push({ x: from.x + dx * share, y: from.y + dy * share, angle: ((angle % 360) + 360) % 360 });
    }
  }
  return arrows;
};

/** An SVG path through a line's points. */
export const pathOf = (line: Polyline): string =>
  line.map((point, i) => `${i === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" ");

/**
 * About how wide a text is drawn at `size` px, for the chips sized around it: Chinese characters
 * a full em, others a little over half of one.
 */
export const textWidth = (text: string, size: number): number => {
  let width = 0;
  for (const char of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? size : size * 0.6;
  return Math.ceil(width);
};
