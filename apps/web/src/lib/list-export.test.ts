import type { TFunction } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { runListExport } from "./list-export.ts";

// Echoes the key and its options, so the assertions show what would be translated.
const t = ((key: string, options?: Record<string, unknown>) =>
  options && "max" in options ? `${key}(${String(options.max)})` : key) as unknown as TFunction;

const messages = () => ({ warning: vi.fn(), error: vi.fn() });
const now = new Date(2026, 2, 5, 9, 7);

describe("runListExport", () => {
  it("adds the viewer's UTC offset and a time-stamped file name", async () => {
    const messageApi = messages();
    const run = vi.fn().mockResolvedValue(undefined);
    await runListExport({ t, messageApi, total: 10, max: 100, run, now });
    expect(run).toHaveBeenCalledWith({
      utcOffsetMinutes: -now.getTimezoneOffset(),
      filename: "list.exportFile-20260305-0907.xlsx",
    });
    expect(messageApi.warning).not.toHaveBeenCalled();
    expect(messageApi.error).not.toHaveBeenCalled();
  });

  it("warns when more rows match than are exported, and exports anyway", async () => {
    const messageApi = messages();
    const run = vi.fn().mockResolvedValue(undefined);
    await runListExport({ t, messageApi, total: 100_001, max: 100_000, run, now });
    expect(messageApi.warning).toHaveBeenCalledWith(`list.exportTooMany(${(100_000).toLocaleString()})`);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("does not warn at exactly the cap", async () => {
    const messageApi = messages();
    await runListExport({ t, messageApi, total: 100, max: 100, run: vi.fn().mockResolvedValue(undefined), now });
    expect(messageApi.warning).not.toHaveBeenCalled();
  });

  it("shows a failure instead of throwing it", async () => {
    const messageApi = messages();
    const run = vi.fn().mockRejectedValue(new Error("offline"));
    await expect(runListExport({ t, messageApi, total: 1, max: 100, run, now })).resolves.toBeUndefined();
    expect(messageApi.error).toHaveBeenCalledWith("list.exportFailed errors:unknown");
  });
});
