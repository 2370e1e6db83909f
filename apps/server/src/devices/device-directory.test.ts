import { describe, expect, it } from "vitest";
import type { DeviceRef } from "./device-directory.repository.ts";
import { createDeviceDirectory } from "./device-directory.ts";

const ref = (n: number): DeviceRef => ({
  id: n,
  serialNumber: `DEV-${n}`,
  organisationId: 1,
  projectId: null,
  kind: "himit",
  checkerType: null,
  storageCapacityMb: null,
});

/** A directory over a fixed fleet of known serials, counting the serials it is asked for. */
const setup = (fleet: number) => {
  let clock = 0;
  const asked: string[][] = [];
  const known = new Map(Array.from({ length: fleet }, (_, i) => [`dev-${i + 1}`, ref(i + 1)]));
  const directory = createDeviceDirectory({
    repository: {
      findBySerials: async (serials) => {
        asked.push(serials);
        return serials.flatMap((s) => known.get(s.toLowerCase()) ?? []);
      },
      secretHashOf: async () => null,
    },
    ttlMs: 60_000,
    now: () => clock,
  });
  return { directory, asked, advance: (ms: number) => (clock += ms) };
};

describe("device directory", () => {
  it("looks a serial up once while cached, in any case, and caches misses too", async () => {
    const { directory, asked } = setup(2);
    const first = await directory.resolve(["DEV-1", "dev-2", "NOPE"]);
    expect([...first.keys()].sort()).toEqual(["dev-1", "dev-2"]);
    const again = await directory.resolve(["dev-1", "Dev-2", "nope"]);
    expect(again.get("dev-2")?.id).toBe(2);
    expect(asked).toEqual([["dev-1", "dev-2", "nope"]]);
  });

  it("keeps an entry at most a minute, and forgets one at once when told", async () => {
    const { directory, asked, advance } = setup(1);
    await directory.resolve(["DEV-1"]);
    advance(60_000);
    await directory.resolve(["DEV-1"]);
    expect(asked).toHaveLength(2);
    directory.forget("DEV-1");
    await directory.resolve(["DEV-1"]);
    expect(asked).toHaveLength(3);
  });

  it("spreads the expiry of a fleet first seen together over the second half of the minute", async () => {
    const { directory, asked, advance } = setup(1_000);
    const fleet = Array.from({ length: 1_000 }, (_, i) => `DEV-${i + 1}`);
    await directory.resolve(fleet);
    const perStep: number[] = [];
    for (let step = 1; step <= 12; step++) {
      advance(5_000);
      asked.length = 0;
      await directory.resolve(fleet);
      perStep.push(asked.flat().length);
    }
    // Nothing before half the minute; after it, no five seconds with more than a third of the fleet.
    expect(perStep.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(perStep.slice(5).every((n) => n < 340)).toBe(true);
    expect(perStep.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1_000);
  });
});
