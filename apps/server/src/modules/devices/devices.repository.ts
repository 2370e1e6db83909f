import type { CHECKER_SORTS } from "@vrf/contract/devices/checkers.ts";
import type { CONTROLLER_SORTS } from "@vrf/contract/devices/controllers.ts";
import type { INDOOR_SORTS, OUTDOOR_SORTS } from "@vrf/contract/devices/units.ts";
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { arrayLiteral } from "../../db/array-literal.ts";
import { carriedTotal } from "../../db/carried-total.ts";
import { containsPattern } from "../../db/like.ts";
import { mergedPageIds } from "../../db/merged-page.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import type { Database, DeviceKind } from "../../db/schema.ts";
import { indoorColumn, outdoorColumn } from "../../devices/snapshot-layout.ts";
import { narrowedScope } from "../scope/narrowed-scope.ts";
import { createScopeCountsRepository, scopeCountSql } from "../scope/scope-counts.repository.ts";

export interface Paging {
  pageNum: number;
  pageSize: number;
  order?: "ascend" | "descend" | undefined;
}

export interface ControllerFilter extends Paging {
  kind: DeviceKind;
  keyword?: string | undefined;
  status?: string | undefined;
  projectId?: number | undefined;
  organisationId?: number | undefined;
  model?: string | undefined;
  firmware?: string | undefined;
  checkerType?: string | undefined;
  sort?: (typeof CONTROLLER_SORTS)[number] | (typeof CHECKER_SORTS)[number] | undefined;
}

export interface UnitFilter extends Paging {
  projectId?: number | undefined;
  deviceId?: number | undefined;
  deviceSerial?: string | undefined;
  systemNumber?: number | undefined;
  address?: number | undefined;
  status?: string | undefined;
  sort?: (typeof OUTDOOR_SORTS)[number] | (typeof INDOOR_SORTS)[number] | undefined;
}

/** The devices a caller may see (scope.service.ts's Scope): its organisations', and those bound to its account. */
export interface DeviceScope {
  organisationIds: number[];
  boundAccountId?: number | undefined;
}

type DeviceQuery = SelectQueryBuilder<
  Database & { d: Database["devices"]; p: Database["projects"]; o: Database["organisations"] },
  "d" | "p" | "o",
  object
>;

// Whitelists: a sort key from the request only ever picks one of these expressions.
const DEVICE_SORT_COLUMNS = {
  serialNumber: "d.serial_number",
  deviceCode: "d.device_code",
  alias: "d.alias",
  model: "d.model",
  firmware: "d.firmware",
  status: "d.status",
  usedCapacityMb: "d.used_capacity_mb",
  installDate: "d.install_date",
  lastSeenAt: "d.last_seen_at",
  projectName: "p.name",
} as const;

const UNIT_SORT_COLUMNS = {
  systemNumber: "u.system_number",
  address: "u.address",
  model: "u.model",
  serialNumber: "u.serial_number",
  capacityKw: "u.capacity_kw",
  status: "u.status",
  runningHours: "u.running_hours",
  setTemperature: "u.set_temperature",
} as const;

/**
 * A unit's readings in the snapshot table (0020, 0021): its side's addresses, its side's status
 * words, its side's readings matrix, and the matrix column of each unit column's reading
 * (snapshot-layout.ts).
 */
const UNIT_READINGS = {
  outdoor_units: {
    addresses: "outdoor_address",
    statusWords: "outdoor_status_word",
    matrix: "outdoor_readings",
    readings: {
      compressor_hz: outdoorColumn("compressor_hz"),
      high_pressure_mpa: outdoorColumn("high_pressure_mpa"),
      low_pressure_mpa: outdoorColumn("low_pressure_mpa"),
      discharge_temp_c: outdoorColumn("discharge_temp_c"),
      suction_temp_c: outdoorColumn("suction_temp_c"),
      outdoor_air_temp_c: outdoorColumn("outdoor_air_temp_c"),
      fan_rpm: outdoorColumn("fan_rpm"),
      eev_main_pulses: outdoorColumn("eev_main_pulses"),
      eev_sub_pulses: outdoorColumn("eev_sub_pulses"),
      current_a: outdoorColumn("current_a"),
    },
  },
  indoor_units: {
    addresses: "indoor_address",
    statusWords: "indoor_status_word",
    matrix: "indoor_readings",
    readings: {
      room_temperature: indoorColumn("room_temp_c"),
      eev_pulses: indoorColumn("eev_pulses"),
      pipe_liquid_temp_c: indoorColumn("pipe_liquid_temp_c"),
      pipe_gas_temp_c: indoorColumn("pipe_gas_temp_c"),
    },
  },
} as const;

const direction = (order: Paging["order"]) => (order === "ascend" ? sql`asc` : sql`desc`);
const nulls = (order: Paging["order"]) => (order === "ascend" ? sql`nulls first` : sql`nulls last`);

const isoDate = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

const projectColumns = [
  "p.id as projectId",
  "p.code as projectCode",
  "p.name as projectName",
  "o.name as organisationName",
] as const;

const countOf = (table: "outdoor_units" | "indoor_units", alarmOnly = false) =>
  sql<number>`(select count(*) from ${sql.table(table)} x where x.device_id = d.id${
    alarmOnly ? sql` and x.status = 'alarm'` : sql``
  })`;

export const createDevicesRepository = (db: Db) => {
  /**
   * A page's units with their status words and readings from their system's newest snapshot that
   * names them: the device link rewrites a unit's row only when its status (alarm or not) or a
   * setting changes, not when its thermostat cycles. The row's own values stay for a unit without
   * telemetry (imported and demo units). Read for the page's units only, one index range each, the
   * newest month first (migration 0018).
   */
  const withNewestReadings = async (table: keyof typeof UNIT_READINGS, page: UnitRow[]): Promise<UnitRow[]> => {
    if (page.length === 0) return page;
    const { addresses, statusWords, matrix, readings } = UNIT_READINGS[table];
    const { rows } = await sql<Record<string, number | Date | null> & { i: string; ts: Date }>`
      SELECT k.i, t.* FROM unnest(${arrayLiteral(page.map((u) => u.device_id))}::bigint[],
        ${arrayLiteral(page.map((u) => u.system_number))}::smallint[], ${arrayLiteral(page.map((u) => u.address))}::smallint[])
        WITH ORDINALITY AS k(device_id, system_number, address, i)
      CROSS JOIN LATERAL (
        SELECT t.ts, ${sql.ref(`t.${statusWords}`)}[n] AS status_word, ${sql.join(
          Object.entries(readings).map(
            ([column, k]) => sql`${sql.ref(`t.${matrix}`)}[n][${sql.lit(k)}] AS ${sql.id(column)}`,
          ),
        )}
        FROM telemetry_snapshots t CROSS JOIN LATERAL array_position(${sql.ref(`t.${addresses}`)}, k.address) AS n
        WHERE t.device_id = k.device_id AND t.system_number = k.system_number AND n IS NOT NULL
        ORDER BY t.ts DESC LIMIT 1) t`.execute(db);
    const merged = [...page];
    for (const latest of rows) {
      const k = Number(latest.i) - 1;
      const unit = merged[k] as UnitRow;
      const values: Record<string, unknown> = {};
      for (const column of ["status_word", ...Object.keys(readings)])
        values[column] = latest[column] ?? unit[column as keyof UnitRow];
      merged[k] = {
        ...unit,
        ...values,
        reported_at: unit.reported_at && unit.reported_at > latest.ts ? unit.reported_at : latest.ts,
      };
    }
    return merged;
  };

  const devicesInScope = ({ organisationIds, boundAccountId }: DeviceScope): DeviceQuery => {
    const query = db
      .selectFrom("devices as d")
      .leftJoin("projects as p", "p.id", "d.project_id")
      .innerJoin("organisations as o", "o.id", "d.organisation_id");
    return (boundAccountId === undefined
      ? query.where("d.organisation_id", "in", organisationIds)
      : query.where((eb) =>
          eb.or([
            eb("d.organisation_id", "in", organisationIds),
            eb(
              "d.id",
              "in",
              eb.selectFrom("device_bound_users as b").select("b.device_id").where("b.account_id", "=", boundAccountId),
            ),
          ]),
        )) as unknown as DeviceQuery;
  };

  const filteredDevices = (scope: DeviceScope, f: ControllerFilter) => {
    let query = devicesInScope(scope).where("d.kind", "=", f.kind);
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      query = query.where((eb) =>
        eb.or([eb("d.serial_number", "ilike", like), eb("d.device_code", "ilike", like), eb("d.alias", "ilike", like)]),
      );
    }
    if (f.status) query = query.where("d.status", "=", f.status);
    if (f.projectId) query = query.where("d.project_id", "=", f.projectId);
    if (f.organisationId) query = query.where("d.organisation_id", "=", f.organisationId);
    if (f.model) query = query.where("d.model", "=", f.model);
    if (f.firmware) query = query.where("d.firmware", "=", f.firmware);
    if (f.checkerType) query = query.where("d.checker_type", "=", f.checkerType as "temporary" | "stationary");
    return query;
  };

  const deviceColumns = (eb: ExpressionBuilder<Database & { d: Database["devices"] }, "d">) => [
    eb.ref("d.id").as("id"),
    eb.ref("d.kind").as("kind"),
    eb.ref("d.organisation_id").as("organisationId"),
    eb.ref("d.device_code").as("deviceCode"),
    eb.ref("d.serial_number").as("serialNumber"),
    eb.ref("d.alias").as("alias"),
    eb.ref("d.model").as("model"),
    eb.ref("d.firmware").as("firmware"),
    eb.ref("d.module_version").as("moduleVersion"),
    eb.ref("d.mcu_version").as("mcuVersion"),
    eb.ref("d.status").as("status"),
    eb.ref("d.checker_type").as("checkerType"),
    eb.ref("d.storage_capacity_mb").as("storageCapacityMb"),
    eb.ref("d.used_capacity_mb").as("usedCapacityMb"),
    eb.ref("d.capacity_full").as("capacityFull"),
    eb.ref("d.link_progress").as("linkProgress"),
    eb.ref("d.link_progress_at").as("linkProgressAt"),
    eb.ref("d.system_number").as("systemNumber"),
    eb.ref("d.last_seen_at").as("lastSeenAt"),
    eb.ref("d.created_at").as("createdAt"),
    eb.ref("d.admin_account_id").as("adminAccountId"),
    isoDate("d.install_date").as("installDate"),
    countOf("outdoor_units").as("outdoorCount"),
    countOf("indoor_units").as("indoorCount"),
    countOf("indoor_units", true).as("faultyIndoorCount"),
  ];

  /**
   * The exact number of devices the filters leave: the maintained per-organisation count when only
   * the kind and status are chosen, otherwise the filtered rows counted.
   */
  const keptSubject = (f: ControllerFilter) =>
    !f.keyword && !f.projectId && !f.model && !f.firmware && !f.checkerType
      ? f.status
        ? `devices:${f.kind}:${f.status}`
        : `devices:${f.kind}`
      : undefined;

  const deviceTotal = async (
    scopeIds: number[],
    subject: string | undefined,
    filtered: ReturnType<typeof filteredDevices>,
  ) => {
    if (subject) return createScopeCountsRepository(db).sum(scopeIds, subject);
    const row = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    async listDevices(scope: DeviceScope, f: ControllerFilter) {
      const { organisationIds } = scope;
      // Devices bound to an account cross organisations: neither the organisations' kept counts
      // nor their pages merged off their own indexes hold them.
      const byOrganisation = scope.boundAccountId === undefined;
      const base = filteredDevices(scope, f);
      const sortColumn = DEVICE_SORT_COLUMNS[f.sort ?? "lastSeenAt"] ?? "d.last_seen_at";
      const order = f.sort ? f.order : "descend";
      const page = { limit: f.pageSize, offset: (f.pageNum - 1) * f.pageSize };
      let query = base
        .select((eb) => [...deviceColumns(eb as never), ...projectColumns])
        .orderBy(sql`${sql.ref(sortColumn)} ${direction(order)} ${nulls(order)}`)
        .orderBy("d.id", order === "ascend" ? "asc" : "desc")
        .limit(pageBound(page.limit));
      const scopeIds = narrowedScope(organisationIds, f.organisationId);
      if (sortColumn === "d.last_seen_at" && scopeIds.length > 1 && byOrganisation) {
        // Each organisation's page comes off its (kind, last seen) index; see mergedPageIds.
        const branches = scopeIds.map((organisationId) =>
          filteredDevices({ organisationIds: [organisationId] }, f)
            .select(["d.id", "d.last_seen_at as sort_key"])
            .orderBy(sql`d.last_seen_at ${direction(order)} ${nulls(order)}`)
            .orderBy("d.id", order === "ascend" ? "asc" : "desc")
            .limit(pageBound(page.offset + page.limit)),
        );
        query = query.where(
          "d.id",
          "in",
          mergedPageIds(
            db,
            branches,
            order === "ascend" ? { direction: "asc", nulls: "first" } : { direction: "desc", nulls: "last" },
            page,
          ),
        );
      } else {
        query = query.offset(pageBound(page.offset));
      }
      const subject = byOrganisation ? keptSubject(f) : undefined;
      if (subject) {
        const rows = await query.select(scopeCountSql(scopeIds, subject).as("kept_total")).execute();
        return { total: await carriedTotal(rows, "kept_total", () => deviceTotal(scopeIds, subject, base)), rows };
      }
      const [total, rows] = await Promise.all([deviceTotal(scopeIds, subject, base), query.execute()]);
      return { total, rows };
    },

    /** The ids of a scope's checkers (the Hi-Checker module's live socket). */
    checkerIds: async (scope: DeviceScope) =>
      (await devicesInScope(scope).where("d.kind", "=", "checker").select("d.id").execute()).map((r) => Number(r.id)),

    findDevice: (scope: DeviceScope, id: number, kind: DeviceKind) =>
      devicesInScope(scope)
        .where("d.id", "=", id)
        .where("d.kind", "=", kind)
        .select((eb) => [...deviceColumns(eb as never), ...projectColumns])
        .executeTakeFirst(),

    async facets(organisationIds: number[], kind: DeviceKind) {
      const base = db.selectFrom("devices").where("organisation_id", "in", organisationIds).where("kind", "=", kind);
      const [models, firmwares] = await Promise.all([
        base.select("model as value").distinct().where("model", "<>", "").orderBy("model").execute(),
        base.select("firmware as value").distinct().where("firmware", "<>", "").orderBy("firmware").execute(),
      ]);
      return { models: models.map((r) => r.value), firmwares: firmwares.map((r) => r.value) };
    },

    statusHistory: (deviceId: number, limit: number) =>
      db
        .selectFrom("device_status_history")
        .where("device_id", "=", deviceId)
        .select(["status", "created_at as at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),

    recentFaults: (deviceId: number, language: "zh" | "en", limit: number) =>
      db
        .selectFrom("faults as f")
        .leftJoin("fault_codes as c", "c.code", "f.code")
        .where("f.device_id", "=", deviceId)
        .select([
          "f.id",
          "f.code",
          language === "zh" ? "c.name_zh as name" : "c.name_en as name",
          "f.system_number as systemNumber",
          "f.outdoor_address as outdoorAddress",
          "f.indoor_address as indoorAddress",
          "f.occurred_at as occurredAt",
          "f.repaired_at as repairedAt",
        ])
        .orderBy("f.occurred_at", "desc")
        .orderBy("f.id", "desc")
        .limit(limit)
        .execute(),

    async openFaultCount(deviceId: number) {
      const row = await db
        .selectFrom("faults")
        .where("device_id", "=", deviceId)
        .where("repaired_at", "is", null)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    boundUsers: (deviceId: number) =>
      db
        .selectFrom("device_bound_users as b")
        .innerJoin("accounts as a", "a.id", "b.account_id")
        .where("b.device_id", "=", deviceId)
        .select(["a.email", "a.name"])
        .orderBy("b.created_at")
        .orderBy("a.email")
        .execute(),

    accountEmail: async (accountId: number) =>
      (await db.selectFrom("accounts").where("id", "=", accountId).select("email").executeTakeFirst())?.email ?? null,

    async listUnits(table: "outdoor_units" | "indoor_units", organisationIds: number[], f: UnitFilter) {
      const unitsOf = (ids: number[]) => {
        let query = db
          .selectFrom(`${table} as u` as "outdoor_units as u")
          .innerJoin("devices as d", "d.id", "u.device_id")
          .where("u.organisation_id", "in", ids);
        if (f.projectId) query = query.where("d.project_id", "=", f.projectId);
        if (f.deviceId) query = query.where("u.device_id", "=", f.deviceId);
        if (f.deviceSerial) query = query.where("d.serial_number", "ilike", containsPattern(f.deviceSerial));
        if (f.systemNumber !== undefined) query = query.where("u.system_number", "=", f.systemNumber);
        if (f.address !== undefined) query = query.where("u.address", "=", f.address);
        if (f.status) query = query.where("u.status", "=", f.status);
        return query;
      };
      const base = unitsOf(organisationIds);
      const page = { limit: f.pageSize, offset: (f.pageNum - 1) * f.pageSize };
      const sortColumn = f.sort ? UNIT_SORT_COLUMNS[f.sort] : undefined;
      let query = base
        .leftJoin("projects as p", "p.id", "d.project_id")
        .selectAll("u")
        .select([
          "d.kind as deviceKind",
          "d.serial_number as deviceSerial",
          "d.alias as deviceAlias",
          "d.status as deviceStatus",
          "p.id as projectId",
          "p.code as projectCode",
          "p.name as projectName",
        ]);
      // Without a chosen sort, a device's units stay together in system and address order: the
      // order of the (organisation, device, system, address) index, so a page is an index range.
      query = sortColumn
        ? query.orderBy(sql`${sql.ref(sortColumn)} ${direction(f.order)} ${nulls(f.order)}`).orderBy("u.id")
        : query.orderBy("u.device_id").orderBy("u.system_number").orderBy("u.address");
      query = query.limit(pageBound(page.limit));
      if (!sortColumn && organisationIds.length > 1) {
        // A unit's place in that order as one number (system and address are below 64), so the
        // organisations' pages can be merged; see mergedPageIds.
        const branches = organisationIds.map((organisationId) =>
          unitsOf([organisationId])
            .select(["u.id", sql<number>`u.device_id * 4096 + u.system_number * 64 + u.address`.as("sort_key")])
            .orderBy("u.device_id")
            .orderBy("u.system_number")
            .orderBy("u.address")
            .limit(pageBound(page.offset + page.limit)),
        );
        query = query.where("u.id", "in", mergedPageIds(db, branches, { direction: "asc" }, page));
      } else {
        query = query.offset(pageBound(page.offset));
      }
      const unfiltered =
        !f.projectId &&
        !f.deviceId &&
        !f.deviceSerial &&
        f.systemNumber === undefined &&
        f.address === undefined &&
        !f.status;
      if (unfiltered) {
        const rows = await query.select(scopeCountSql(organisationIds, table).as("kept_total")).execute();
        const total = await carriedTotal(rows, "kept_total", () =>
          createScopeCountsRepository(db).sum(organisationIds, table),
        );
        const page = rows.map(({ kept_total: _total, ...row }) => row) as unknown as UnitRow[];
        return { total, rows: await withNewestReadings(table, page) };
      }
      const [total, rows] = await Promise.all([
        base
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
        query.execute(),
      ]);
      return { total, rows: await withNewestReadings(table, rows as unknown as UnitRow[]) };
    },

    /** The kind of a device of the scope, whatever it is. */
    kindOf: (organisationIds: number[], id: number) =>
      db
        .selectFrom("devices")
        .where("id", "=", id)
        .where("organisation_id", "in", organisationIds)
        .select(["id", "kind"])
        .executeTakeFirst(),

    /**
     * A device of the scope about to be moved or removed, its row locked until the transaction
     * ends: the device link's writes to it wait, and a second move or removal sees the outcome.
     */
    lockDevice: (organisationIds: number[], id: number, kind: DeviceKind) =>
      db
        .selectFrom("devices as d")
        .leftJoin("projects as p", "p.id", "d.project_id")
        .where("d.id", "=", id)
        .where("d.kind", "=", kind)
        .where("d.organisation_id", "in", organisationIds)
        .select([
          "d.id",
          "d.kind",
          "d.serial_number as serialNumber",
          "d.organisation_id as organisationId",
          "d.project_id as projectId",
          "p.code as projectCode",
        ])
        .forUpdate("d")
        .executeTakeFirst(),

    /**
     * A project of the scope a device is moved to. The key-share lock waits for a deletion of the
     * project under way (which then leaves no row) and keeps it from starting until the move is done.
     */
    moveTarget: (organisationIds: number[], projectId: number) =>
      db
        .selectFrom("projects as p")
        .innerJoin("organisations as o", "o.id", "p.organisation_id")
        .where("p.id", "=", projectId)
        .where("p.organisation_id", "in", organisationIds)
        .select(["p.id", "p.code", "p.name", "p.organisation_id as organisationId", "o.name as organisationName"])
        .forKeyShare("p")
        .executeTakeFirst(),

    /**
     * Puts a device in another project, of that project's organisation. Its units follow the
     * device's organisation by trigger (0006); its faults and commands are moved here, so the
     * project and organisation counts (kept by triggers) and every list agree with the rows.
     */
    async moveDevice(id: number, project: { id: number; organisationId: number }, now: Date) {
      await db
        .updateTable("devices")
        .set({ project_id: project.id, organisation_id: project.organisationId, updated_at: now })
        .where("id", "=", id)
        .execute();
      await db
        .updateTable("faults")
        .set({ project_id: project.id, organisation_id: project.organisationId })
        .where("device_id", "=", id)
        .execute();
      await db
        .updateTable("device_commands")
        .set({ organisation_id: project.organisationId })
        .where("device_id", "=", id)
        .where("organisation_id", "<>", project.organisationId)
        .execute();
    },

    /**
     * Deletes a device and what is only about it. Readings, message ids and seq windows carry no foreign key
     * (partitioned, pruned by age), so they are deleted here; units, faults, status history, bound
     * users, credentials and commands go by ON DELETE CASCADE, and repair reports keep their row
     * without the link (SET NULL). The counts follow through the tables' triggers.
     */
    async removeDevice(id: number) {
      await db.deleteFrom("telemetry_snapshots").where("device_id", "=", id).execute();
      await db.deleteFrom("device_message_ids").where("device_id", "=", id).execute();
      await db.deleteFrom("device_seq_windows").where("device_id", "=", id).execute();
      await db.deleteFrom("devices").where("id", "=", id).execute();
    },

    projectInScope: (organisationIds: number[], projectId: number) =>
      db
        .selectFrom("projects")
        .where("id", "=", projectId)
        .where("organisation_id", "in", organisationIds)
        .select(["id", "organisation_id as organisationId"])
        .executeTakeFirst(),

    /** Accounts a checker may be bound to: those of the caller's organisations only. */
    accountsByEmail: (organisationIds: number[], emails: string[]) =>
      emails.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("accounts")
            .where("email", "in", emails)
            .where("organisation_id", "in", organisationIds)
            .select(["id", "email", "name"])
            .execute(),

    serialTaken: async (serialNumber: string, exceptId: number | null) => {
      let query = db.selectFrom("devices").where(sql`lower(serial_number)`, "=", serialNumber.toLowerCase());
      if (exceptId !== null) query = query.where("id", "<>", exceptId);
      return (await query.select("id").executeTakeFirst()) !== undefined;
    },

    deviceCodeTaken: async (kind: DeviceKind, deviceCode: string, exceptId: number | null) => {
      let query = db
        .selectFrom("devices")
        .where("kind", "=", kind)
        .where(sql`lower(device_code)`, "=", deviceCode.toLowerCase());
      if (exceptId !== null) query = query.where("id", "<>", exceptId);
      return (await query.select("id").executeTakeFirst()) !== undefined;
    },

    insertChecker: (values: CheckerValues & { adminAccountId: number; status: string; now: Date }) =>
      db
        .insertInto("devices")
        .values({
          organisation_id: values.organisationId,
          project_id: values.projectId,
          kind: "checker",
          device_code: values.deviceCode,
          serial_number: values.serialNumber,
          alias: values.alias,
          model: values.model,
          status: values.status,
          checker_type: values.checkerType,
          storage_capacity_mb: values.storageCapacityMb,
          used_capacity_mb: 0,
          system_number: values.systemNumber,
          install_date: values.installDate,
          admin_account_id: values.adminAccountId,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning("id")
        .executeTakeFirstOrThrow(),

    /** Only inside the caller's organisations: a release between the check and the write changes nothing. */
    updateChecker: async (organisationIds: number[], id: number, values: CheckerValues & { now: Date }) =>
      (
        await db
          .updateTable("devices")
          .set({
            organisation_id: values.organisationId,
            project_id: values.projectId,
            device_code: values.deviceCode,
            serial_number: values.serialNumber,
            alias: values.alias,
            model: values.model,
            checker_type: values.checkerType,
            storage_capacity_mb: values.storageCapacityMb,
            system_number: values.systemNumber,
            install_date: values.installDate,
            updated_at: values.now,
          })
          .where("id", "=", id)
          .where("kind", "=", "checker")
          .where("organisation_id", "in", organisationIds)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    insertStatus: (deviceId: number, status: string, at: Date) =>
      db.insertInto("device_status_history").values({ device_id: deviceId, status, created_at: at }).execute(),

    async replaceBoundUsers(deviceId: number, accountIds: number[], at: Date) {
      await db.deleteFrom("device_bound_users").where("device_id", "=", deviceId).execute();
      if (accountIds.length === 0) return;
      await db
        .insertInto("device_bound_users")
        .values(
          accountIds.map((accountId, i) => ({
            device_id: deviceId,
            account_id: accountId,
            created_at: new Date(at.getTime() + i),
          })),
        )
        .execute();
    },
  };
};

export interface CheckerValues {
  organisationId: number;
  projectId: number;
  deviceCode: string;
  serialNumber: string;
  alias: string;
  model: string;
  checkerType: "temporary" | "stationary";
  storageCapacityMb: number;
  systemNumber: number;
  installDate: string | null;
}

export interface UnitRow {
  id: number;
  device_id: number;
  system_number: number;
  address: number;
  model: string;
  serial_number: string;
  capacity_kw: number | null;
  status: string;
  running_hours?: number;
  power_on?: boolean;
  mode?: string;
  set_temperature?: number | null;
  room_temperature?: number | null;
  updated_at: Date;
  reported_at: Date | null;
  status_word: number | null;
  // Outdoor units' latest readings.
  compressor_hz?: number | null;
  high_pressure_mpa?: number | null;
  low_pressure_mpa?: number | null;
  discharge_temp_c?: number | null;
  suction_temp_c?: number | null;
  outdoor_air_temp_c?: number | null;
  fan_rpm?: number | null;
  eev_main_pulses?: number | null;
  eev_sub_pulses?: number | null;
  current_a?: number | null;
  // Indoor units' latest readings.
  fan_speed?: string | null;
  louver?: number | null;
  eev_pulses?: number | null;
  pipe_liquid_temp_c?: number | null;
  pipe_gas_temp_c?: number | null;
  supports?: unknown;
  deviceKind: DeviceKind;
  deviceSerial: string;
  deviceAlias: string;
  deviceStatus: string;
  projectId: number | null;
  projectCode: string | null;
  projectName: string | null;
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
