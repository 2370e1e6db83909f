import type { TIndoorSnapshot, TOutdoorSnapshot } from "@vrf/contract/device/units.ts";
import type { IngestItem } from "./ingest-item.ts";
import { takeUnitState, type UnitCheck, type UnitValue } from "./unit-snapshots.repository.ts";

type Unit = TOutdoorSnapshot | TIndoorSnapshot;

interface SystemMemory {
  /** When every unit of the system was last checked against its row. */
  checkedAt: number;
  /** Indoor address, or -1 - outdoor address → the status and settings this instance last wrote. */
  units: Map<number, UnitValue[]>;
}

interface DeviceMemory {
  /** The newest seq of an unbroken run of the device's messages, all written by this instance. */
  lastSeq: number;
  seenAt: number;
  systems: Map<number, SystemMemory>;
}

/**
 * Which units of a batch's reports need their row checked (decision 0005, "Unit rows").
 *
 * A unit's row is rewritten only when its status or a setting changes, and finding that out was
 * most of a telemetry batch's work in PostgreSQL: every unit of every report unnested, sorted and
 * compared with its row, when a thermostat cycles every few minutes and reports come every few
 * seconds. This instance remembers what it wrote of each unit, and a report that repeats it is
 * not checked, when that can be known:
 *
 * - Only along an unbroken run of a device's seq numbers, every one of them written by this
 *   instance. Another instance (shared subscriptions), a dropped message or one that arrived out
 *   of order breaks the run, and the device is forgotten: its next reports are all checked. So no
 *   write this instance did not see can have changed a row it remembers.
 * - A system is checked in full once a minute all the same, which bounds what any other change to
 *   a row (a restore, a future writer) could leave wrong. Each system keeps its own second of the
 *   minute (`phaseOf`): a fleet first seen together, at a restart, would otherwise be checked in
 *   full together every minute, and that second's batches would cost as much as the first's.
 * - The memory is taken before the batch commits. A batch that fails is retried with the same
 *   seq numbers, no longer after the run: they are checked in full, and the device forgotten.
 */
/**
 * Where in the recheck interval a system's full checks fall, spread evenly by device and system
 * (a multiplicative hash; the same on every instance and in every run, so tests can follow it).
 */
export const phaseOf = (deviceId: number, system: number, recheckMs: number): number =>
  (Math.imul(deviceId * 31 + system, 0x9e3779b1) >>> 0) % recheckMs;

export const createUnitStateMemory = (options: { now?: () => number; recheckMs?: number } = {}) => {
  const now = options.now ?? Date.now;
  const recheckMs = options.recheckMs ?? 60_000;
  const devices = new Map<number, DeviceMemory>();
  let sweptAt = now();

  /** Devices quiet for longer than a recheck would be checked in full anyway. */
  const sweep = (at: number) => {
    if (at - sweptAt < recheckMs) return;
    sweptAt = at;
    for (const [id, device] of devices) if (at - device.seenAt >= recheckMs) devices.delete(id);
  };

  return {
    /**
     * Follows the batch's messages (every topic, as the writer accepted them) and answers which
     * units of `writesUnits` reports to check. Call once per batch attempt, before writing it.
     */
    plan(items: IngestItem[], writesUnits: (item: IngestItem) => boolean): UnitCheck {
      const at = now();
      sweep(at);
      const toCheck = new Set<Unit>();
      const ordered = [...items].sort((a, b) => a.device.id - b.device.id || a.message.seq - b.message.seq);
      for (const item of ordered) {
        const seq = item.message.seq;
        let device = devices.get(item.device.id);
        let inRun = false;
        if (!device) {
          device = { lastSeq: seq, seenAt: at, systems: new Map() };
          devices.set(item.device.id, device);
        } else if (seq === device.lastSeq + 1) {
          inRun = true;
          device.lastSeq = seq;
        } else {
          // A gap (another writer's messages, or lost ones) or a message older than the run.
          device.systems.clear();
          device.lastSeq = Math.max(device.lastSeq, seq);
        }
        device.seenAt = at;
        if (item.topic !== "telemetry" || !writesUnits(item)) continue;
        // Older than the run: checked in full and not remembered, as its row may hold a newer report.
        if (!inRun && seq < device.lastSeq) {
          for (const u of [...item.message.outdoor, ...item.message.indoor]) toCheck.add(u);
          continue;
        }
        let system = device.systems.get(item.message.system);
        let full = !inRun;
        if (!system) {
          // Checked in full now; the next full check comes at the system's own point of the interval.
          system = { checkedAt: at - phaseOf(item.device.id, item.message.system, recheckMs), units: new Map() };
          device.systems.set(item.message.system, system);
          full = true;
        } else if (at - system.checkedAt >= recheckMs) {
          system.checkedAt = at;
          full = true;
        } else if (full) system.checkedAt = at;
        const sides: [side: "outdoor" | "indoor", units: Unit[]][] = [
          ["outdoor", item.message.outdoor],
          ["indoor", item.message.indoor],
        ];
        for (const [side, units] of sides) {
          for (const u of units) {
            const key = side === "indoor" ? u.address : -1 - u.address;
            let kept = system.units.get(key);
            if (!kept) {
              kept = [];
              system.units.set(key, kept);
            }
            const changed = takeUnitState(side, u, kept);
            if (full || changed || ("supports" in u && u.supports)) toCheck.add(u);
          }
        }
      }
      return (_item, _side, unit) => toCheck.has(unit);
    },

    /** Devices remembered (tests, memory use). */
    size: () => devices.size,
  };
};

export type UnitStateMemory = ReturnType<typeof createUnitStateMemory>;
