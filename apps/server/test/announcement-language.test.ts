import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const INFO = "/hmt-web/himit-checker/msg/info";

interface Info {
  msgInfos: { formatId: number; content: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The announcements as a page in `language` asks for them (the web sends "zh_CN,<language>"). */
const read = async (token: string, language: "zh" | "en") => {
  const res = await t.app.inject({
    method: "GET",
    url: INFO,
    headers: { authorization: `Bearer ${token}`, "accept-language": `zh_CN,${language}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Info }).data.msgInfos.map((m) => ({
    formatId: m.formatId,
    content: JSON.parse(m.content) as Record<string, unknown>,
  }));
};

describe("announcements in the reader's language", () => {
  it("gives a Distributor Cloud reader each announcement in English or Chinese, never both", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const en = await read(token, "en");
    const zh = await read(token, "zh");
    const firmware = (list: typeof en) => list.find((m) => m.formatId === 8)?.content;
    expect(firmware(en)).toEqual({
      type: 12,
      data: { title: "New firmware 2.4.0", text: "Hi-Mit firmware 2.4.0 improves fault reporting." },
    });
    expect(firmware(zh)).toEqual({
      type: 12,
      data: { title: "新固件 2.4.0", text: "Hi-Mit 固件 2.4.0 改进了故障上报。" },
    });
    const maintenance = (list: typeof en) => JSON.parse(String(list.find((m) => m.formatId === 5)?.content.data));
    expect(maintenance(en).title).toBe("Platform maintenance");
    expect(maintenance(zh).title).toBe("平台维护通知");
    for (const m of [...en, ...zh]) expect(m.content).not.toHaveProperty("i18n");
    expect(JSON.stringify(en)).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("words a Hi-Checker device warning in the reader's language", async () => {
    const token = await t.moduleToken("checker@example.com", 5);
    const warning = async (language: "zh" | "en") =>
      (await read(token, language)).find((m) => m.formatId === 7)?.content;
    expect(await warning("en")).toEqual({ wifiid: "HC-8C1F640A2B01", warning: "Storage above 90%" });
    expect(await warning("zh")).toEqual({ wifiid: "HC-8C1F640A2B01", warning: "存储空间超过 90%" });
  });
});
