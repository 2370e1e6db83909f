import type { LanguageCode } from "@vrf/contract/constants.ts";
import { stageOfStep } from "@vrf/contract/device/messages.ts";
import { ZFanSpeed, ZIndoorSupports } from "@vrf/contract/device/units.ts";
import type { ZCheckerInput } from "@vrf/contract/devices/checkers.ts";
import { CHECKER_STORAGE_MB, type TCheckerType, type TControllerKind } from "@vrf/contract/devices/common.ts";
import { DEVICE_EXPORT_MAX_ROWS } from "@vrf/contract/devices/controllers.ts";
import type { TDeviceCredentials } from "@vrf/contract/devices/credentials.ts";
import type { ZMoveDeviceRequest, ZRemoveDeviceRequest } from "@vrf/contract/devices/placement.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import { XLSX_CONTENT_TYPE } from "../../plugins/download-route.ts";
import { createDeviceCredentialRepository } from "../device-link/device-credentials.repository.ts";
import { newCredentials } from "../device-link/device-credentials.service.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { ClientInfo } from "../security-events/client.ts";
import type { SecurityEventService } from "../security-events/security-events.service.ts";
import type { Caller } from "../session/session.service.ts";
import {
  type ControllerFilter,
  createDevicesRepository,
  type DevicesRepository,
  type UnitFilter,
  type UnitRow,
} from "./devices.repository.ts";
import { checkerTypeText, devicesWorkbook, type ExportColumn, statusText, utcText } from "./devices-export.ts";

type CheckerInput = z.output<typeof ZCheckerInput>;
type DeviceRow = NonNullable<Awaited<ReturnType<DevicesRepository["findDevice"]>>>;

const STATUS_HISTORY_LIMIT = 50;
const RECENT_FAULTS_LIMIT = 20;
/** Demo and factory models of the two checker builds. */
const CHECKER_MODEL: Record<TCheckerType, string> = { temporary: "HC-LOG-T1", stationary: "HC-LOG-S1" };

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

const projectOf = (row: { projectId: number | null; projectCode: string | null; projectName: string | null }) =>
  row.projectId === null ? null : { id: row.projectId, code: row.projectCode ?? "", name: row.projectName ?? "" };

const presentRow = (row: DeviceRow) => ({
  id: row.id,
  deviceCode: row.deviceCode,
  serialNumber: row.serialNumber,
  alias: row.alias,
  model: row.model,
  firmware: row.firmware,
  status: row.status,
  installDate: row.installDate,
  lastSeenAt: iso(row.lastSeenAt),
  project: projectOf(row),
  organisationName: row.organisationName,
  outdoorCount: Number(row.outdoorCount),
  indoorCount: Number(row.indoorCount),
});

const presentChecker = (row: DeviceRow) => ({
  ...presentRow(row),
  checkerType: row.checkerType,
  storageCapacityMb: row.storageCapacityMb,
  usedCapacityMb: row.usedCapacityMb,
  capacityFull: row.capacityFull,
  linkProgress:
    row.linkProgress === null
      ? null
      : { step: row.linkProgress, stage: stageOfStep(row.linkProgress), at: iso(row.linkProgressAt) as string },
  systemNumber: row.systemNumber,
});

const presentUnit = (row: UnitRow) => ({
  id: row.id,
  systemNumber: row.system_number,
  address: row.address,
  model: row.model,
  serialNumber: row.serial_number,
  capacityKw: row.capacity_kw === null ? null : Math.round(Number(row.capacity_kw) * 10) / 10,
  status: row.status,
  updatedAt: iso(row.updated_at) as string,
  reportedAt: iso(row.reported_at),
  statusWord: row.status_word ?? null,
  device: {
    id: row.device_id,
    kind: row.deviceKind,
    serialNumber: row.deviceSerial,
    alias: row.deviceAlias,
    status: row.deviceStatus,
  },
  project: projectOf(row),
});

const temperature = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
/** A reading as shown: two decimals at most (real columns carry float noise). */
const reading = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100;
const pair = (a: number | null | undefined, b: number | null | undefined): [number, number] | null => {
  const x = reading(a);
  const y = reading(b);
  return x === null || y === null ? null : [x, y];
};
const supportsOf = (value: unknown) => {
  const parsed = ZIndoorSupports.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const fanSpeedOf = (value: string | null | undefined) => {
  const parsed = ZFanSpeed.safeParse(value);
  return parsed.success ? parsed.data : null;
};

type ControllerExportRow = ReturnType<typeof presentRow>;
type CheckerExportRow = ReturnType<typeof presentChecker>;

const identityColumns: ExportColumn<ControllerExportRow>[] = [
  { header: { en: "Device ID", zh: "设备 ID" }, width: 20, value: (r) => r.deviceCode },
  { header: { en: "Serial number", zh: "序列号" }, width: 20, value: (r) => r.serialNumber },
  { header: { en: "Alias", zh: "别名" }, width: 18, value: (r) => r.alias },
];
const placeColumns: ExportColumn<ControllerExportRow>[] = [
  { header: { en: "Status", zh: "状态" }, width: 16, value: (r, l) => statusText(r.status, l) },
  { header: { en: "Project", zh: "项目" }, width: 30, value: (r) => r.project?.name ?? "" },
  { header: { en: "Project ID", zh: "项目ID" }, width: 14, value: (r) => r.project?.code ?? "" },
  { header: { en: "Distributor", zh: "经销商" }, width: 24, value: (r) => r.organisationName },
  { header: { en: "Install date", zh: "安装日期" }, width: 12, value: (r) => r.installDate ?? "" },
  { header: { en: "Last seen (UTC)", zh: "最近在线 (UTC)" }, width: 20, value: (r) => utcText(r.lastSeenAt) },
];
const CONTROLLER_EXPORT: ExportColumn<ControllerExportRow>[] = [
  ...identityColumns,
  { header: { en: "Model", zh: "型号" }, width: 18, value: (r) => r.model },
  { header: { en: "Firmware", zh: "固件" }, width: 10, value: (r) => r.firmware },
  ...placeColumns,
  { header: { en: "Outdoor units", zh: "外机数" }, width: 10, value: (r) => r.outdoorCount },
  { header: { en: "Indoor units", zh: "内机数" }, width: 10, value: (r) => r.indoorCount },
];
const CHECKER_EXPORT: ExportColumn<CheckerExportRow>[] = [
  ...identityColumns,
  { header: { en: "Device type", zh: "设备类型" }, width: 16, value: (r, l) => checkerTypeText(r.checkerType, l) },
  { header: { en: "Used (MB)", zh: "已用 (MB)" }, width: 11, value: (r) => r.usedCapacityMb },
  { header: { en: "Capacity (MB)", zh: "容量 (MB)" }, width: 13, value: (r) => r.storageCapacityMb },
  { header: { en: "System No.", zh: "系统号" }, width: 10, value: (r) => r.systemNumber },
  ...placeColumns,
];
const SHEET_NAMES = {
  himit: { en: "Hi-MIT", zh: "Hi-MIT" },
  hidom: { en: "Hi-Dom", zh: "Hi-Dom" },
  smarttouch: { en: "SmartTouch", zh: "SmartTouch" },
  checker: { en: "Hi-Checker", zh: "Hi-Checker" },
} as const;

/**
 * Two registrations of the same serial at the same moment both pass the check;
 * the database's unique keys stop the second, which is then refused the same way.
 */
const asDuplicate = (error: unknown): AppError | null => {
  const e = error as { code?: unknown; constraint?: unknown; detail?: unknown };
  if (e?.code !== "23505") return null;
  const where = `${String(e.constraint ?? "")} ${String(e.detail ?? "")}`;
  if (where.includes("serial_number")) return new AppError(Errors.serialNumberRegistered);
  if (where.includes("device_code")) return new AppError(Errors.deviceIdRegistered);
  return null;
};

/**
 * A move or removal locks the device, then its units and faults; the device link's writes for a
 * reporting device may hold a unit and wait for the device. PostgreSQL ends such a deadlock by
 * failing one side: the link retries its batch, and a move or removal is tried again here.
 */
const DEADLOCK = "40P01";
const DEADLOCK_ATTEMPTS = 3;

const retryingDeadlocks = async <T>(work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown })?.code !== DEADLOCK || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
};

/** What the device link offers a device that moved or was removed (null while the link is not running). */
export interface DeviceLinkControl {
  /** Its cached owner (organisation, project) is out of date: look it up again. */
  forget(serial: string): void;
  /** It is gone: forget it and end its session on the embedded broker. */
  revoke(serial: string): void;
  /** A password was issued for it: an external broker that keeps devices' accounts (MQTT_DYNSEC) gets it. */
  issued(serial: string, password: string): void;
}

const refusingDuplicates = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw asDuplicate(error) ?? error;
  }
};

export const createDevicesService = (deps: {
  db: Db;
  clock: Clock;
  securityEvents: Pick<SecurityEventService, "record">;
  link?: () => DeviceLinkControl | null;
}) => {
  const { db, clock } = deps;
  const devices = createDevicesRepository(db);

  const statusHistory = async (deviceId: number) =>
    (await devices.statusHistory(deviceId, STATUS_HISTORY_LIMIT)).map((r) => ({
      status: r.status,
      at: iso(r.at) as string,
    }));

  const findOrThrow = async (scope: Scope, id: number, kind: TControllerKind | "checker") => {
    const row = await devices.findDevice(scope, id, kind);
    if (!row) throw new AppError(Errors.notFound);
    return row;
  };

  /** Rules shared by registering and editing: the project is the caller's, identifiers are free, bound users exist. */
  const checkCheckerInput = async (scope: Scope, callerEmail: string, input: CheckerInput, exceptId: number | null) => {
    const project = await devices.projectInScope(scope.organisationIds, input.projectId);
    if (!project) throw new AppError(Errors.unknownProject);
    if (input.boundEmails.includes(callerEmail.toLowerCase())) throw new AppError(Errors.currentUserCannotBeAdded);
    if (await devices.serialTaken(input.serialNumber, exceptId)) throw new AppError(Errors.serialNumberRegistered);
    if (await devices.deviceCodeTaken("checker", input.deviceCode, exceptId))
      throw new AppError(Errors.deviceIdRegistered);
    const accounts = await devices.accountsByEmail(scope.organisationIds, input.boundEmails);
    const idByEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a.id]));
    const unknown = input.boundEmails.find((email) => !idByEmail.has(email));
    if (unknown) throw new AppError(Errors.userNotFound, { email: unknown });
    return {
      // A checker belongs to the organisation that owns its project, so a sub-distributor sees what is put on its sites.
      values: {
        organisationId: project.organisationId,
        projectId: project.id,
        deviceCode: input.deviceCode,
        serialNumber: input.serialNumber,
        alias: input.alias,
        model: CHECKER_MODEL[input.checkerType],
        checkerType: input.checkerType,
        storageCapacityMb: CHECKER_STORAGE_MB[input.checkerType],
        systemNumber: input.systemNumber,
        installDate: input.installDate,
      },
      boundAccountIds: input.boundEmails.map((email) => idByEmail.get(email) as number),
    };
  };

  return {
    /** An account the caller may bind to a checker, by e-mail; another tenant's answers as missing. */
    async findBindableUser(scope: Scope, email: string) {
      const [account] = await devices.accountsByEmail(scope.organisationIds, [email.toLowerCase()]);
      if (!account) throw new AppError(Errors.userNotFound);
      return { email: account.email, name: account.name };
    },

    async listControllers(scope: Scope, filter: ControllerFilter & { kind: TControllerKind }) {
      const { total, rows } = await devices.listDevices(scope, filter);
      return {
        list: rows.map((r) => ({ ...presentRow(r), kind: filter.kind })),
        total,
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
      };
    },

    async exportControllers(
      scope: Scope,
      filter: Omit<ControllerFilter, "pageNum" | "pageSize"> & { kind: TControllerKind },
      language: LanguageCode,
    ) {
      const { rows } = await devices.listDevices(scope, {
        ...filter,
        pageNum: 1,
        pageSize: DEVICE_EXPORT_MAX_ROWS,
      });
      return {
        filename: `${filter.kind}-${clock.now().toISOString().slice(0, 10)}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        body: await devicesWorkbook(SHEET_NAMES[filter.kind], CONTROLLER_EXPORT, rows.map(presentRow), language),
        exported: { what: filter.kind, rows: rows.length },
      };
    },

    async exportCheckers(
      scope: Scope,
      filter: Omit<ControllerFilter, "kind" | "pageNum" | "pageSize">,
      language: LanguageCode,
    ) {
      const { rows } = await devices.listDevices(scope, {
        ...filter,
        kind: "checker",
        pageNum: 1,
        pageSize: DEVICE_EXPORT_MAX_ROWS,
      });
      return {
        filename: `hi-checker-${clock.now().toISOString().slice(0, 10)}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        body: await devicesWorkbook(SHEET_NAMES.checker, CHECKER_EXPORT, rows.map(presentChecker), language),
        exported: { what: "checkers", rows: rows.length },
      };
    },

    facets: (scope: Scope, kind: TControllerKind | "checker") => devices.facets(scope.organisationIds, kind),

    async controllerDetail(scope: Scope, id: number, kind: TControllerKind, language: LanguageCode) {
      const row = await findOrThrow(scope, id, kind);
      const [history, faults, openFaults] = await Promise.all([
        statusHistory(id),
        devices.recentFaults(id, language, RECENT_FAULTS_LIMIT),
        devices.openFaultCount(id),
      ]);
      return {
        ...presentRow(row),
        kind,
        moduleVersion: row.moduleVersion,
        mcuVersion: row.mcuVersion,
        systemNumber: row.systemNumber,
        createdAt: iso(row.createdAt) as string,
        openFaults,
        statusHistory: history,
        recentFaults: faults.map((f) => ({
          ...f,
          occurredAt: iso(f.occurredAt) as string,
          repairedAt: iso(f.repairedAt),
        })),
      };
    },

    checkerIds: (scope: Scope) => devices.checkerIds(scope),

    /**
     * The scope of one checker of `scope` (the Hi-Checker module's calls about one checker's
     * system): its own organisation, which its units and commands carry; 404 when it is not one.
     * Those calls name the checker too, so nothing of another device of that organisation is read.
     */
    async ofChecker(scope: Scope, id: number): Promise<Scope> {
      const checker = await findOrThrow(scope, id, "checker");
      return {
        accountId: scope.accountId,
        organisationId: scope.organisationId,
        organisationIds: [Number(checker.organisationId)],
        roleNum: scope.roleNum,
      };
    },

    async listCheckers(scope: Scope, filter: Omit<ControllerFilter, "kind">) {
      const { total, rows } = await devices.listDevices(scope, { ...filter, kind: "checker" });
      return { list: rows.map(presentChecker), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    async checkerDetail(scope: Scope, id: number) {
      const row = await findOrThrow(scope, id, "checker");
      const [history, boundUsers, adminEmail] = await Promise.all([
        statusHistory(id),
        devices.boundUsers(id),
        row.adminAccountId === null ? Promise.resolve(null) : devices.accountEmail(row.adminAccountId),
      ]);
      return {
        ...presentChecker(row),
        moduleVersion: row.moduleVersion,
        mcuVersion: row.mcuVersion,
        faultyIndoorCount: Number(row.faultyIndoorCount),
        adminEmail,
        boundUsers,
        statusHistory: history,
        createdAt: iso(row.createdAt) as string,
      };
    },

    async registerChecker(scope: Scope, callerEmail: string, input: CheckerInput) {
      const { values, boundAccountIds } = await checkCheckerInput(scope, callerEmail, input, null);
      const now = clock.now();
      const registered = await refusingDuplicates(() =>
        db.transaction().execute(async (trx) => {
          const repo = createDevicesRepository(trx);
          // A new checker has not reported yet: it starts offline until it connects.
          const { id } = await repo.insertChecker({
            ...values,
            adminAccountId: scope.accountId,
            status: "offline",
            now,
          });
          await repo.insertStatus(id, "offline", now);
          await repo.replaceBoundUsers(id, boundAccountIds, now);
          const issued = newCredentials([{ id, serialNumber: values.serialNumber }], now);
          await createDeviceCredentialRepository(trx).insertMany(issued.rows, scope.accountId);
          return { id, credentials: issued.credentials[0] as TDeviceCredentials };
        }),
      );
      // The password exists only now, and the device only once committed.
      deps.link?.()?.issued(registered.credentials.username, registered.credentials.password);
      return registered;
    },

    async updateChecker(scope: Scope, callerEmail: string, id: number, input: CheckerInput) {
      await findOrThrow(scope, id, "checker");
      const { values, boundAccountIds } = await checkCheckerInput(scope, callerEmail, input, id);
      const now = clock.now();
      await refusingDuplicates(() =>
        db.transaction().execute(async (trx) => {
          const repo = createDevicesRepository(trx);
          if (!(await repo.updateChecker(scope.organisationIds, id, { ...values, now }))) {
            throw new AppError(Errors.notFound);
          }
          await repo.replaceBoundUsers(id, boundAccountIds, now);
        }),
      );
      return { id };
    },

    /** Any device's kind, so a link with only its id opens the right page. */
    async locate(scope: Scope, id: number) {
      const row = await devices.kindOf(scope.organisationIds, id);
      if (!row) throw new AppError(Errors.notFound);
      return { id: row.id, kind: row.kind };
    },

    /** A Hi-MIT, Hi-Dom or SmartTouch device to another project of the scope, with its units and faults. */
    async moveController(scope: Scope, input: z.output<typeof ZMoveDeviceRequest>) {
      const moved = await retryingDeadlocks(() =>
        db.transaction().execute(async (trx) => {
          const repo = createDevicesRepository(trx);
          const device = await repo.lockDevice(scope.organisationIds, input.id, input.kind);
          if (!device) throw new AppError(Errors.notFound);
          const project = await repo.moveTarget(scope.organisationIds, input.projectId);
          if (!project) throw new AppError(Errors.targetProjectNotFound);
          if (device.projectId === project.id) throw new AppError(Errors.deviceAlreadyInProject);
          await repo.moveDevice(device.id, project, clock.now());
          return { device, project };
        }),
      );
      // Its reports name the new organisation from now on (live events go to whoever sees it now).
      deps.link?.()?.forget(moved.device.serialNumber);
      const { project } = moved;
      return {
        id: moved.device.id,
        project: { id: project.id, code: project.code, name: project.name },
        organisationName: project.organisationName,
      };
    },

    /**
     * Removes a Hi-MIT, Hi-Dom or SmartTouch device and everything that is only about it, in one
     * transaction with its security-log entry: whoever held its password can no longer sign in.
     */
    async removeController(
      scope: Scope,
      caller: Pick<Caller, "accountId" | "organisationId" | "email">,
      input: z.output<typeof ZRemoveDeviceRequest>,
      client: ClientInfo,
    ) {
      const removed = await retryingDeadlocks(() =>
        db.transaction().execute(async (trx) => {
          const repo = createDevicesRepository(trx);
          const device = await repo.lockDevice(scope.organisationIds, input.id, input.kind);
          if (!device) throw new AppError(Errors.notFound);
          await repo.removeDevice(device.id);
          await deps.securityEvents.record(
            {
              organisationId: caller.organisationId,
              accountId: caller.accountId,
              email: caller.email,
              type: "deviceRemoved",
              ...client,
              detail: {
                kind: device.kind,
                serialNumber: device.serialNumber,
                projectCode: device.projectCode,
                deviceOrganisationId: device.organisationId,
              },
            },
            trx,
          );
          return device;
        }),
      );
      deps.link?.()?.revoke(removed.serialNumber);
      return null;
    },

    async listOutdoorUnits(scope: Scope, filter: UnitFilter) {
      const { total, rows } = await devices.listUnits("outdoor_units", scope.organisationIds, filter);
      return {
        list: rows.map((r) => ({
          ...presentUnit(r),
          runningHours: r.running_hours ?? 0,
          compressorHz: reading(r.compressor_hz),
          highPressureMpa: reading(r.high_pressure_mpa),
          lowPressureMpa: reading(r.low_pressure_mpa),
          dischargeTempC: reading(r.discharge_temp_c),
          suctionTempC: reading(r.suction_temp_c),
          outdoorAirTempC: reading(r.outdoor_air_temp_c),
          fanRpm: reading(r.fan_rpm),
          eevPulses: pair(r.eev_main_pulses, r.eev_sub_pulses),
          currentA: reading(r.current_a),
        })),
        total,
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
      };
    },

    async listIndoorUnits(scope: Scope, filter: UnitFilter) {
      const { total, rows } = await devices.listUnits("indoor_units", scope.organisationIds, filter);
      return {
        list: rows.map((r) => ({
          ...presentUnit(r),
          powerOn: r.power_on ?? false,
          mode: r.mode ?? "",
          setTemperature: temperature(r.set_temperature),
          roomTemperature: temperature(r.room_temperature),
          fanSpeed: fanSpeedOf(r.fan_speed),
          louver: r.louver ?? null,
          eevPulses: reading(r.eev_pulses),
          pipeTempsC: pair(r.pipe_liquid_temp_c, r.pipe_gas_temp_c),
          supports: supportsOf(r.supports),
        })),
        total,
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
      };
    },
  };
};

export type DevicesService = ReturnType<typeof createDevicesService>;
