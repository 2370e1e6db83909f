import { describe, expect, it } from "vitest";
import {
  arrowsAlong,
  CYCLE_MIN_WIDTH,
  CYCLE_SIZES,
  columnsFor,
  cycleLayout,
  type Point,
  type Polyline,
  pathOf,
  textWidth,
} from "./cycle-layout.ts";

const S = CYCLE_SIZES;

const overlaps = (a: Point, b: Point, size: { width: number; height: number }) =>
  Math.abs(a.x - b.x) < size.width && Math.abs(a.y - b.y) < size.height;

/** Every point where two lines of the list meet end to end or end on another's stretch. */
const touches = (lines: readonly Polyline[], point: Point) =>
  lines.some((line) =>
    line.some((p, i) => {
      if (p.x === point.x && p.y === point.y) return true;
      const prev = line[i - 1];
      if (!prev) return false;
      const onX =
        prev.x === p.x && p.x === point.x && point.y >= Math.min(prev.y, p.y) && point.y <= Math.max(prev.y, p.y);
      const onY =
        prev.y === p.y && p.y === point.y && point.x >= Math.min(prev.x, p.x) && point.x <= Math.max(prev.x, p.x);
      return onX || onY;
    }),
  );

describe("cycle layout", () => {
  it("fits as many units side by side as the width holds, at least one", () => {
    expect(columnsFor(CYCLE_MIN_WIDTH, S.outdoor.width)).toBe(1);
    expect(columnsFor(200, S.indoor.width)).toBe(1);
    expect(columnsFor(1180, S.indoor.width)).toBe(7);
    expect(columnsFor(1180, S.outdoor.width)).toBe(3);
    // A phone (the card about 340 px wide, drawn at the narrowest width) still has two indoor columns.
    expect(columnsFor(CYCLE_MIN_WIDTH, S.indoor.width)).toBe(2);
  });

  it("never draws narrower than one outdoor unit beside the trunks", () => {
    expect(cycleLayout({ width: 300, outdoorCount: 1, indoorCount: 4 }).width).toBe(CYCLE_MIN_WIDTH);
    expect(cycleLayout({ width: 1000.7, outdoorCount: 1, indoorCount: 4 }).width).toBe(1000);
  });

  it("places N indoor units in rows below the outdoor units, none overlapping, all inside the drawing", () => {
    const layout = cycleLayout({ width: 1180, outdoorCount: 2, indoorCount: 17 });
    expect(layout.outdoor).toHaveLength(2);
    expect(layout.indoor).toHaveLength(17);
    // Two outdoor units in one row, the indoor units seven a row: three rows.
    expect(new Set(layout.outdoor.map((p) => p.y)).size).toBe(1);
    expect(new Set(layout.indoor.map((p) => p.y)).size).toBe(3);
    const outdoorBottom = Math.max(...layout.outdoor.map((p) => p.y + S.outdoor.height));
    for (const cell of layout.indoor) {
      expect(cell.y).toBeGreaterThan(outdoorBottom + S.liquidHeader);
      expect(cell.x + S.indoor.width).toBeLessThanOrEqual(layout.width - S.pad);
      expect(cell.y + S.indoor.height + S.liquidHeader).toBeLessThanOrEqual(layout.height);
    }
    layout.indoor.forEach((a, i) => {
      for (const b of layout.indoor.slice(i + 1)) expect(overlaps(a, b, S.indoor)).toBe(false);
    });
    // Row by row, left to right, in the order given.
    expect(layout.indoor[7]).toEqual({
      x: layout.indoor[0]?.x,
      y: (layout.indoor[0]?.y ?? 0) + S.indoor.height + S.liquidHeader + S.rowGap,
    });
  });

  it("wraps outdoor units too on a narrow drawing", () => {
    const layout = cycleLayout({ width: 340, outdoorCount: 2, indoorCount: 3 });
    expect(layout.outdoor[1]?.x).toBe(layout.outdoor[0]?.x);
    expect(layout.outdoor[1]?.y).toBeGreaterThan((layout.outdoor[0]?.y ?? 0) + S.outdoor.height + S.liquidHeader);
  });

  it("joins every unit to both lines, and each line to its trunk", () => {
    const layout = cycleLayout({ width: 900, outdoorCount: 3, indoorCount: 9 });
    for (const cell of layout.outdoor) {
      expect(touches(layout.gas, { x: cell.x + S.outdoor.gasX, y: cell.y + S.outdoor.height })).toBe(true);
      expect(touches(layout.liquid, { x: cell.x + S.outdoor.liquidX, y: cell.y + S.outdoor.height })).toBe(true);
    }
    for (const cell of layout.indoor) {
      expect(touches(layout.gas, { x: cell.x + S.indoor.gasX, y: cell.y + S.indoor.height })).toBe(true);
      expect(touches(layout.liquid, { x: cell.x + S.indoor.liquidX, y: cell.y + S.indoor.height })).toBe(true);
    }
    for (const joint of layout.liquidJoints) expect(touches(layout.liquid, joint)).toBe(true);
    for (const joint of layout.gasJoints) expect(touches(layout.gas, joint)).toBe(true);
  });

  it("draws the liquid line from outdoor to indoor and the gas line back (the cooling flow)", () => {
    const layout = cycleLayout({ width: 900, outdoorCount: 1, indoorCount: 2 });
    const liquidTrunk = layout.liquid.find((line) => line[0]?.x === S.pad + S.liquidTrunk && line[1]?.x === line[0]?.x);
    const gasTrunk = layout.gas.find((line) => line[0]?.x === S.pad + S.gasTrunk && line[1]?.x === line[0]?.x);
    expect((liquidTrunk?.[1]?.y ?? 0) > (liquidTrunk?.[0]?.y ?? 0)).toBe(true);
    expect((gasTrunk?.[1]?.y ?? 0) < (gasTrunk?.[0]?.y ?? 0)).toBe(true);
  });

  it("says where no units are when a side has none", () => {
    const none = cycleLayout({ width: 900, outdoorCount: 1, indoorCount: 0 });
    expect(none.indoor).toEqual([]);
    expect(none.indoorNote).not.toBeNull();
    expect(none.outdoorNote).toBeNull();
    const noOutdoor = cycleLayout({ width: 900, outdoorCount: 0, indoorCount: 3 });
    expect(noOutdoor.outdoorNote).not.toBeNull();
    expect(noOutdoor.indoor).toHaveLength(3);
  });
});

describe("flow arrows", () => {
  const line = [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 10 },
    { x: 100, y: 400 },
  ];

  it("puts one in the middle of each long enough stretch, more on long ones", () => {
    const arrows = arrowsAlong(line, false);
    expect(arrows[0]).toEqual({ x: 50, y: 0, angle: 0 });
    // The 10 px stretch has none; the 390 px one two.
    expect(arrows.slice(1)).toEqual([
      { x: 100, y: 10 + 390 * 0.25, angle: 90 },
      { x: 100, y: 10 + 390 * 0.75, angle: 90 },
    ]);
  });

  it("points against the drawn direction when the flow is reversed", () => {
    expect(arrowsAlong(line, true).map((a) => a.angle)).toEqual([180, 270, 270]);
  });

  it("writes a line as an SVG path", () => {
    expect(pathOf(line.slice(0, 2))).toBe("M0 0 L100 0");
  });
});

describe("text width", () => {
  it("counts Chinese characters a full em, others about 0.6", () => {
    expect(textWidth("TH ON", 10)).toBe(30);
    expect(textWidth("报警", 10)).toBe(20);
    expect(textWidth("", 12)).toBe(0);
  });
});
