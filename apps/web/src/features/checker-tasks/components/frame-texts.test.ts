import { BUS_COMMANDS } from "@vrf/contract/device/bus-frame.ts";
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../../locales/en/checkerTasks.json";
import zh from "../../../locales/zh/checkerTasks.json";
import { commandMeaning, commandText, partyText } from "./frame-texts.ts";

const translator = async (lng: "en" | "zh"): Promise<TFunction> => {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    ns: ["checkerTasks"],
    defaultNS: "checkerTasks",
    resources: { en: { checkerTasks: en }, zh: { checkerTasks: zh } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance.t;
};

describe("frame texts", () => {
  let t: TFunction;
  let tZh: TFunction;
  beforeAll(async () => {
    t = await translator("en");
    tZh = await translator("zh");
  });

  it("name the parties by role and unit, with the address", () => {
    expect(partyText(t, 0x25)).toBe("Indoor 5 (0x25)");
    expect(partyText(t, 0x02)).toBe("Outdoor 2 (0x02)");
    expect(partyText(t, 0x70)).toBe("Controller (0x70)");
    expect(partyText(t, 0x12)).toBe("Address 0x12");
    expect(partyText(tZh, 0x25)).toBe("内机 5 (0x25)");
  });

  it("say what every named command means, and an unknown one as such", () => {
    for (const name of Object.values(BUS_COMMANDS)) {
      expect(en.commands).toHaveProperty(name);
      expect(zh.commands).toHaveProperty(name);
    }
    expect(commandMeaning(t, 0x11)).toBe("Indoor unit status");
    expect(commandMeaning(t, 0x99)).toBe("Unknown command");
    expect(commandText(t, 0x40)).toBe("0x40 · Fault report");
    expect(commandMeaning(tZh, 0x40)).toBe("故障上报");
  });
});
