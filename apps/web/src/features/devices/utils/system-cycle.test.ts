import { describe, expect, it } from "vitest";
import {
  CYCLE_PIPES,
  chosenSystem,
  compressorRuns,
  cycleValue,
  flowReversed,
  indoorDuty,
  isAlarm,
  latestReport,
  offlineSince,
  outdoorCoilRole,
  pipeColour,
  pipeSide,
  SIDE_COLOURS,
  systemCyclePath,
  systemFromQuery,
  systemMode,
  systemsOf,
} from "./system-cycle.ts";

const indoor = (mode: string, extra: Partial<Parameters<typeof indoorDuty>[0]> = {}) => ({
  powerOn: true,
  mode,
  statusWord: 2,
  roomTemperature: 24,
  pipeTempsC: null,
  ...extra,
});
const outdoor = (compressorHz: number | null) => ({ compressorHz });

describe("system cycle: which system", () => {
  it("reads ?system= as 0-63, system 0 included", () => {
    expect(systemFromQuery("0")).toBe(0);
    expect(systemFromQuery("63")).toBe(63);
    expect(systemFromQuery("64")).toBeNull();
    expect(systemFromQuery("-1")).toBeNull();
    expect(systemFromQuery("1.5")).toBeNull();
    expect(systemFromQuery("")).toBeNull();
    expect(systemFromQuery(null)).toBeNull();
  });

  it("lists the systems the checker's outdoor units report, with its own", () => {
    expect(systemsOf([{ systemNumber: 2 }, { systemNumber: 0 }, { systemNumber: 2 }], null)).toEqual([0, 2]);
    expect(systemsOf([{ systemNumber: 2 }], 5)).toEqual([2, 5]);
    expect(systemsOf([], null)).toEqual([]);
  });

  it("shows the system asked for, else the checker's own, else the first reported", () => {
    expect(chosenSystem(3, [0, 1], 0)).toBe(3);
    expect(chosenSystem(null, [0, 1], 1)).toBe(1);
    expect(chosenSystem(null, [], 4)).toBe(4);
    expect(chosenSystem(null, [0, 1], 7)).toBe(0);
    expect(chosenSystem(null, [], null)).toBeNull();
  });

  it("links to the page for a checker and, when known, its system", () => {
    expect(systemCyclePath(7)).toBe("/equipmentCenter/ckSystemCycle?deviceId=7");
    expect(systemCyclePath(7, 0)).toBe("/equipmentCenter/ckSystemCycle?deviceId=7&system=0");
    expect(systemCyclePath(7, null)).toBe("/equipmentCenter/ckSystemCycle?deviceId=7");
  });
});

describe("system cycle: mode", () => {
  it("takes each indoor unit's duty from its mode, the automatic ones from their coil", () => {
    expect(indoorDuty(indoor("heating"))).toBe("heat");
    expect(indoorDuty(indoor("cooling"))).toBe("cool");
    expect(indoorDuty(indoor("dry"))).toBe("cool");
    expect(indoorDuty(indoor("fan"))).toBeNull();
    expect(indoorDuty(indoor("auto"))).toBeNull();
    expect(indoorDuty(indoor("auto", { pipeTempsC: [32, 45] }))).toBe("heat");
    expect(indoorDuty(indoor("comfort1", { pipeTempsC: [6, 10] }))).toBe("cool");
    expect(indoorDuty(indoor("auto", { pipeTempsC: [23, 24] }))).toBeNull();
  });

  it("heats when most running indoor units heat, cools on a tie or when they cool", () => {
    const running = [outdoor(60)];
    expect(systemMode(running, [indoor("heating"), indoor("heating"), indoor("cooling")])).toEqual({
      mode: "heating",
      flowing: true,
    });
    expect(systemMode(running, [indoor("heating"), indoor("cooling")]).mode).toBe("cooling");
    expect(systemMode(running, [indoor("cooling"), indoor("fan")]).mode).toBe("cooling");
  });

  it("counts running units (TH ON) first, switched-on ones when none runs, never switched-off ones", () => {
    const units = [
      indoor("heating", { statusWord: 1 }),
      indoor("heating", { statusWord: 1 }),
      indoor("cooling", { statusWord: 2 }),
      indoor("heating", { powerOn: false, statusWord: 0 }),
    ];
    expect(systemMode([outdoor(50)], units).mode).toBe("cooling");
    const idle = [indoor("heating", { statusWord: 1 }), indoor("cooling", { powerOn: false, statusWord: 0 })];
    expect(systemMode([outdoor(0)], idle)).toEqual({ mode: "heating", flowing: false });
  });

  it("asks the modes the units are set to when none is on, and draws cooling when nothing says", () => {
    const off = { powerOn: false, statusWord: 0 };
    expect(systemMode([outdoor(0)], [indoor("heating", off), indoor("fan", off)]).mode).toBe("heating");
    expect(systemMode([outdoor(40)], [indoor("fan")])).toEqual({ mode: "cooling", flowing: true });
    expect(systemMode([outdoor(null)], []).flowing).toBe(false);
  });

  it("knows running compressors and alarms", () => {
    expect(compressorRuns({ compressorHz: 0 })).toBe(false);
    expect(compressorRuns({ compressorHz: null })).toBe(false);
    expect(compressorRuns({ compressorHz: 12.5 })).toBe(true);
    expect(isAlarm({ status: "alarm", statusWord: 2 })).toBe(true);
    expect(isAlarm({ status: "normal", statusWord: 3 })).toBe(true);
    expect(isAlarm({ status: "normal", statusWord: 2 })).toBe(false);
  });
});

describe("system cycle: lines", () => {
  it("keeps the compressor's own pipes on their side whatever the mode", () => {
    for (const mode of ["cooling", "heating"] as const) {
      expect(pipeSide("discharge", mode)).toBe("hotGas");
      expect(pipeSide("suction", mode)).toBe("low");
      expect(pipeSide("liquidLine", mode)).toBe("liquid");
      expect(flowReversed("discharge", mode)).toBe(false);
      expect(flowReversed("suction", mode)).toBe(false);
    }
  });

  it("swaps the coils' sides and reverses the flow through them when heating", () => {
    expect(pipeSide("gasLine", "cooling")).toBe("low");
    expect(pipeSide("gasLine", "heating")).toBe("hotGas");
    expect(pipeSide("outdoorCoil", "cooling")).toBe("hotGas");
    expect(pipeSide("outdoorCoil", "heating")).toBe("low");
    expect(pipeSide("indoorCoil", "heating")).toBe("hotGas");
    expect(pipeSide("indoorLiquid", "heating")).toBe("liquid");
    for (const pipe of ["gasLine", "liquidLine", "outdoorCoil", "indoorCoil", "outdoorGas"] as const) {
      expect(flowReversed(pipe, "cooling"), pipe).toBe(false);
      expect(flowReversed(pipe, "heating"), pipe).toBe(true);
    }
  });

  it("colours the high side warm and the low side cool, everything grey while stopped", () => {
    expect(pipeColour("discharge", "cooling", true)).toBe(SIDE_COLOURS.hotGas);
    expect(pipeColour("liquidLine", "heating", true)).toBe(SIDE_COLOURS.liquid);
    expect(pipeColour("gasLine", "cooling", true)).toBe(SIDE_COLOURS.low);
    for (const pipe of CYCLE_PIPES) expect(pipeColour(pipe, "heating", false)).toBe(SIDE_COLOURS.idle);
  });

  it("names the outdoor coil's role", () => {
    expect(outdoorCoilRole("cooling", true)).toBe("condenser");
    expect(outdoorCoilRole("heating", true)).toBe("evaporator");
    expect(outdoorCoilRole("heating", false)).toBe("idle");
  });
});

describe("system cycle: values and times", () => {
  it("writes readings at their precision, null when not reported", () => {
    expect(cycleValue(2.954, 2)).toBe("2.95");
    expect(cycleValue(24, 1)).toBe("24");
    expect(cycleValue(-0.04, 1)).toBe("0");
    expect(cycleValue(null, 1)).toBeNull();
    expect(cycleValue(Number.NaN, 1)).toBeNull();
  });

  it("finds the newest report of the system's units", () => {
    expect(
      latestReport([
        { reportedAt: "2026-05-01T10:00:00Z" },
        { reportedAt: null },
        { reportedAt: "2026-05-01T10:00:05Z" },
        { reportedAt: "2026-05-01T09:59:00Z" },
      ]),
    ).toBe("2026-05-01T10:00:05Z");
    expect(latestReport([{ reportedAt: null }])).toBeNull();
  });

  it("says since when an offline checker is offline", () => {
    const history = [
      { status: "offline", at: "2026-05-01T10:00:00Z" },
      { status: "online", at: "2026-05-01T08:00:00Z" },
      { status: "offline", at: "2026-04-30T08:00:00Z" },
    ];
    expect(offlineSince({ status: "offline", statusHistory: history, lastSeenAt: "2026-05-01T09:59:30Z" })).toBe(
      "2026-05-01T10:00:00Z",
    );
    expect(offlineSince({ status: "offline", statusHistory: [], lastSeenAt: "2026-05-01T09:59:30Z" })).toBe(
      "2026-05-01T09:59:30Z",
    );
    expect(offlineSince({ status: "online", statusHistory: history, lastSeenAt: null })).toBeNull();
  });
});
