import { FAULT_CODES, type FaultCodeSeed } from "../fault-codes.ts";
import { DAY_MS, type DemoContext } from "./context.ts";

const HISTORY_DAYS = 180;
const HOUR_MS = 3_600_000;
const BATCH = 500;

/** How often each code turns up in the field: communication and sensor faults far more than inverter ones. */
const WEIGHTS: Record<string, number> = {
  E01: 9,
  E02: 4,
  E03: 2,
  E04: 2,
  E05: 5,
  E06: 4,
  E07: 6,
  E08: 3,
  E09: 3,
  E10: 2,
  E11: 2,
  E12: 2,
  E13: 2,
  E14: 1,
  E15: 3,
  P01: 7,
  P02: 3,
  P03: 3,
  P04: 3,
  P05: 2,
  P06: 2,
  P07: 1,
  C11: 2,
  C12: 3,
  C13: 1,
  C14: 1,
};

const weighted = FAULT_CODES.flatMap((c) => Array.from({ length: WEIGHTS[c.code] ?? 1 }, () => c));
const gatewayCodes = FAULT_CODES.filter((c) => c.unit === "system");

interface Unit {
  system: number;
  address: number;
}

interface FaultRow {
  organisation_id: number;
  project_id: number | null;
  device_id: number;
  code: string;
  system_number: number | null;
  outdoor_address: number | null;
  indoor_address: number | null;
  occurred_at: Date;
  repaired_at: Date | null;
}

/**
 * Demo data: six months of fault history on the seeded devices of every
 * tenant. Nearly all faults were repaired within hours or days; a few devices
 * still have open ones, so some projects are in alarm and most are not.
 */
export async function seedDemoFaults(ctx: DemoContext): Promise<void> {
  const { trx, now, random } = ctx;
  const devices = await trx
    .selectFrom("devices")
    .select(["id", "organisation_id", "project_id", "kind", "system_number"])
    .orderBy("id")
    .execute();
  const outdoor = await trx.selectFrom("outdoor_units").select(["device_id", "system_number", "address"]).execute();
  const indoor = await trx.selectFrom("indoor_units").select(["device_id", "system_number", "address"]).execute();
  const unitsOf = (rows: typeof outdoor) => {
    const map = new Map<number, Unit[]>();
    for (const r of rows) {
      const list = map.get(r.device_id) ?? [];
      list.push({ system: r.system_number, address: r.address });
      map.set(r.device_id, list);
    }
    return map;
  };
  const outdoorByDevice = unitsOf(outdoor);
  const indoorByDevice = unitsOf(indoor);

  // Most repairs take hours to a few days; one that would end in the future ends somewhere before now.
  const repairTime = (occurredAt: Date): Date => {
    const wanted = occurredAt.getTime() + random.int(30, 96 * 60) * 60_000;
    const latest = now.getTime() - 10 * 60_000;
    if (wanted <= latest) return new Date(wanted);
    return new Date(occurredAt.getTime() + Math.max(5 * 60_000, (latest - occurredAt.getTime()) * random.next()));
  };

  const rows: FaultRow[] = [];
  const fault = (
    device: (typeof devices)[number],
    code: FaultCodeSeed,
    occurredAt: Date,
    open: boolean,
  ): FaultRow | null => {
    const outdoorUnits = outdoorByDevice.get(device.id) ?? [];
    const indoorUnits = indoorByDevice.get(device.id) ?? [];
    const base = {
      organisation_id: device.organisation_id,
      project_id: device.project_id,
      device_id: device.id,
      code: code.code,
      occurred_at: occurredAt,
      repaired_at: open ? null : repairTime(occurredAt),
    };
    if (code.unit === "system") {
      return { ...base, system_number: device.system_number, outdoor_address: null, indoor_address: null };
    }
    if (code.unit === "indoor" || code.unit === "link") {
      const unit = indoorUnits.length ? random.pick(indoorUnits) : undefined;
      if (!unit) return null;
      const outdoorUnit = code.unit === "link" ? outdoorUnits.find((u) => u.system === unit.system) : undefined;
      return {
        ...base,
        system_number: unit.system,
        outdoor_address: outdoorUnit?.address ?? null,
        indoor_address: unit.address,
      };
    }
    const unit = outdoorUnits.length ? random.pick(outdoorUnits) : undefined;
    if (!unit) return null;
    return { ...base, system_number: unit.system, outdoor_address: unit.address, indoor_address: null };
  };

  for (const device of devices) {
    const withUnits = device.kind === "himit" || device.kind === "checker";
    // Gateways and touch panels only see bus-level faults, and rarely.
    const historyCount = withUnits ? random.int(0, 14) : random.chance(0.35) ? random.int(1, 3) : 0;
    for (let i = 0; i < historyCount; i++) {
      const code = withUnits ? random.pick(weighted) : random.pick(gatewayCodes);
      const occurredAt = new Date(now.getTime() - random.int(2 * 24, HISTORY_DAYS * 24) * HOUR_MS);
      const row = fault(device, code, occurredAt, random.chance(0.004));
      if (row) rows.push(row);
    }
    if (withUnits && random.chance(0.06)) {
      for (let i = random.int(1, 2); i > 0; i--) {
        const occurredAt = new Date(now.getTime() - random.int(1, 14 * 24) * HOUR_MS);
        const row = fault(device, random.pick(weighted), occurredAt, true);
        if (row) rows.push(row);
      }
    }
    // Yesterday's and today's faults: some already fixed, some not.
    if (withUnits && random.chance(0.15)) {
      const occurredAt = new Date(now.getTime() - random.int(5, 47 * 60) * 60_000);
      const row = fault(device, random.pick(weighted), occurredAt, occurredAt.getTime() > now.getTime() - DAY_MS / 4);
      if (row) rows.push(row);
    }
  }

  rows.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto("faults")
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}
