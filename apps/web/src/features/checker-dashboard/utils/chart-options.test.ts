import { describe, expect, it } from "vitest";
import { gatheredChartOption, hasTasks, kindOfSeries, tasksChartOption } from "./chart-options.ts";

const DAYS = [
  { day: "2026-02-28", capture: 2, collection: 0, gatheredBytes: 3 * 1024 ** 2 },
  { day: "2026-03-01", capture: 1, collection: 3, gatheredBytes: 1536 * 1024 },
  { day: "2026-03-02", capture: 0, collection: 0, gatheredBytes: 0 },
];
const TASK_TEXTS = { capture: "Message capture", collection: "Data collection", total: "Total" };
const GATHERED_TEXTS = {
  series: "Data gathered",
  unit: (unit: string) => unit.toUpperCase(),
  amount: (bytes: number) => `${bytes} bytes`,
};

type Formatter = (items: { dataIndex: number; marker: string; seriesName: string }[]) => string;

describe("tasks chart", () => {
  it("stacks each day's captures and collections, the top one rounded", () => {
    const option = tasksChartOption(DAYS, TASK_TEXTS);
    expect(option.xAxis.data).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(option.xAxis.axisLabel.formatter("2026-03-01")).toBe("03-01");
    expect(option.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ["Message capture", "tasks", [2, 1, 0]],
      ["Data collection", "tasks", [0, 3, 0]],
    ]);
    expect(option.series[1]?.itemStyle).toHaveProperty("borderRadius");
    expect(option.series[0]?.itemStyle).not.toHaveProperty("borderRadius");
    expect(option.legend.data).toEqual(["Message capture", "Data collection"]);
    expect(option.yAxis.minInterval).toBe(1);
  });

  it("names the day, each kind and the total in the tooltip", () => {
    const formatter = tasksChartOption(DAYS, TASK_TEXTS).tooltip.formatter as Formatter;
    expect(
      formatter([
        { dataIndex: 1, marker: "•", seriesName: "Message capture" },
        { dataIndex: 1, marker: "•", seriesName: "Data collection" },
      ]),
    ).toBe("<b>2026-03-01</b><br/>•Message capture: 1<br/>•Data collection: 3<br/>Total: 4");
    expect(formatter([])).toBe("");
  });

  it("tells the kind of a clicked bar by its series", () => {
    expect(kindOfSeries("Message capture", TASK_TEXTS)).toBe("capture");
    expect(kindOfSeries("Data collection", TASK_TEXTS)).toBe("collection");
    expect(kindOfSeries(undefined, TASK_TEXTS)).toBeUndefined();
  });

  it("knows a month without tasks", () => {
    expect(hasTasks(DAYS)).toBe(true);
    expect(hasTasks(DAYS.map((d) => ({ ...d, capture: 0, collection: 0 })))).toBe(false);
    expect(hasTasks([])).toBe(false);
  });
});

describe("gathered chart", () => {
  it("counts the axis in the unit of the largest day and gives each day's amount in the tooltip", () => {
    const option = gatheredChartOption(DAYS, GATHERED_TEXTS);
    expect(option.yAxis.name).toBe("MB");
    expect(option.series[0]?.data).toEqual([3, 1.5, 0]);
    const formatter = option.tooltip.formatter as Formatter;
    expect(formatter([{ dataIndex: 0, marker: "•", seriesName: "Data gathered" }])).toBe(
      `<b>2026-02-28</b><br/>•Data gathered: ${3 * 1024 ** 2} bytes`,
    );
  });

  it("counts bytes in whole steps when nothing reached a kilobyte, and escapes the texts", () => {
    const option = gatheredChartOption([{ day: "2026-03-01", capture: 1, collection: 0, gatheredBytes: 10 }], {
      ...GATHERED_TEXTS,
      series: "<b>",
    });
    expect(option.yAxis).toMatchObject({ name: "B", minInterval: 1 });
    const formatter = option.tooltip.formatter as Formatter;
    expect(formatter([{ dataIndex: 0, marker: "", seriesName: "<b>" }])).toContain("&lt;b&gt;: 10 bytes");
  });
});
