import { type LanguageCode, languageIdOf } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { TDeviceKind } from "@vrf/contract/projects/project-fields.ts";
import { PROJECT_EXPORT_MAX_ROWS, type TProjectSortField } from "@vrf/contract/projects/project-list.ts";
import { encodeMapPoints } from "@vrf/contract/projects/project-map.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import { XLSX_CONTENT_TYPE } from "../../plugins/download-route.ts";
import { createScopeRepository } from "../scope/scope.repository.ts";
import { createScopeService } from "../scope/scope.service.ts";
import type { Caller } from "../session/session.service.ts";
import { nextProjectCode, projectCodePrefix } from "./project-code.ts";
import {
  createProjectsRepository,
  type ProjectFilterValues,
  type ProjectListRow,
  type ProjectValues,
} from "./projects.repository.ts";
import { projectsWorkbook } from "./projects-export.ts";

interface PageInput {
  pageNum: number;
  pageSize: number;
}

interface OrderInput {
  sort?: TProjectSortField | undefined;
  order?: "ascend" | "descend" | undefined;
}

const pagingOf = ({ pageNum, pageSize }: PageInput) => ({ limit: pageSize, offset: (pageNum - 1) * pageSize });
const orderOf = (input: OrderInput) => ({ sort: input.sort, descending: input.order === "descend" });
const iso = (value: Date | string) => new Date(value).toISOString();
const CODE_ATTEMPTS = 5;

const listItem = (row: ProjectListRow) => ({
  id: Number(row.id),
  code: row.code,
  name: row.name,
  organisationId: Number(row.organisation_id),
  organisationName: row.organisation_name,
  countryCode: row.country_code,
  countryName: row.country_name,
  cityCode: row.city_code,
  cityName: row.city_name,
  address: row.address,
  contactPerson: row.contact_person,
  contactPhone: row.contact_phone,
  devices: {
    himit: Number(row.himit),
    hidom: Number(row.hidom),
    smarttouch: Number(row.smarttouch),
    checker: Number(row.checker),
  },
  alarmCount: Number(row.alarm_count),
  createdAt: iso(row.created_at),
});

const notFound = () => new AppError(Errors.notFound);
const invalidField = (path: string, message: string) =>
  new AppError(Errors.parameterInvalid, { fields: [{ path, message }] });

export const createProjectsService = (deps: {
  db: Db;
  clock: Clock;
  mapTileUrl: string | undefined;
  geocoderUrl?: string | undefined;
}) => {
  const { clock } = deps;
  const projects = createProjectsRepository(deps.db);
  const scope = createScopeService({ scopes: createScopeRepository(deps.db) });

  const checkRegions = async (values: ProjectValues) => {
    if (values.countryCode && !(await projects.regionExists(values.countryCode, null))) {
      throw invalidField("countryCode", "invalidRegion");
    }
    if (values.cityCode && !(await projects.regionExists(values.cityCode, values.countryCode))) {
      throw invalidField("cityCode", "invalidRegion");
    }
  };

  const inScope = async (caller: Caller, projectId: number) => {
    const { organisationIds } = await scope.of(caller);
    if ((await projects.ownerOf(organisationIds, projectId)) === undefined) throw notFound();
    return organisationIds;
  };

  return {
    async list(caller: Caller, input: ProjectFilterValues & PageInput & OrderInput, language: LanguageCode) {
      const { organisationIds } = await scope.of(caller);
      const { rows, total } = await projects.list(
        organisationIds,
        languageIdOf(language),
        input,
        orderOf(input),
        pagingOf(input),
      );
      return { list: rows.map(listItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async export(caller: Caller, input: ProjectFilterValues & OrderInput, language: LanguageCode) {
      const { organisationIds } = await scope.of(caller);
      const rows = await projects.listAll(
        organisationIds,
        languageIdOf(language),
        input,
        orderOf(input),
        PROJECT_EXPORT_MAX_ROWS,
      );
      const day = clock.now().toISOString().slice(0, 10).replaceAll("-", "");
      return {
        filename: `${language === "zh" ? "项目列表" : "projects"}-${day}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        body: await projectsWorkbook(rows, language),
        exported: { what: "projects", rows: rows.length },
      };
    },

    async get(caller: Caller, key: { id?: number | undefined; code?: string | undefined }, language: LanguageCode) {
      const own = await scope.of(caller);
      const row = await projects.find(own.organisationIds, languageIdOf(language), {
        ...(key.id !== undefined ? { id: key.id } : {}),
        ...(key.code ? { code: key.code } : {}),
      });
      if (!row) throw notFound();
      return {
        ...listItem(row),
        own: Number(row.organisation_id) === own.organisationId,
        latitude: row.latitude,
        longitude: row.longitude,
        createdByName: row.created_by_name ?? null,
        updatedAt: iso(row.updated_at),
        repairReportCount: Number(row.repair_report_count ?? 0),
      };
    },

    async create(caller: Caller, values: ProjectValues) {
      const { organisationId } = await scope.of(caller);
      await checkRegions(values);
      const now = clock.now();
      const prefix = projectCodePrefix(now);
      // Two people saving at once may compute the same next code; the loser takes the one after.
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const code = nextProjectCode(prefix, await projects.lastCodeWithPrefix(prefix));
        const id = await projects.insert(organisationId, caller.accountId, code, values, now);
        if (id !== undefined) return { id: Number(id), code };
      }
      throw new AppError(Errors.projectCodeTaken);
    },

    async update(caller: Caller, id: number, values: ProjectValues) {
      const { organisationIds } = await scope.of(caller);
      await checkRegions(values);
      const updated = await projects.update(organisationIds, id, values, clock.now());
      if (!updated) throw notFound();
      return { id: Number(updated.id), code: updated.code };
    },

    async remove(caller: Caller, id: number) {
      const { organisationIds } = await scope.of(caller);
      await projects.transaction(async (trx) => {
        if (!(await trx.lockInScope(organisationIds, id))) throw notFound();
        // A project is only deleted empty: devices are moved or removed on their own pages first.
        if (await trx.hasDevices(id)) throw new AppError(Errors.projectHasDevices);
        await trx.remove(id);
      });
      return null;
    },

    async devices(caller: Caller, input: PageInput & { projectId: number; kind?: TDeviceKind | undefined }) {
      const organisationIds = await inScope(caller, input.projectId);
      const { rows, total } = await projects.devices(organisationIds, input.projectId, input.kind, pagingOf(input));
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          kind: r.kind,
          deviceCode: r.device_code,
          serialNumber: r.serial_number,
          alias: r.alias,
          model: r.model,
          firmware: r.firmware,
          status: r.status,
          lastSeenAt: r.last_seen_at ? iso(r.last_seen_at) : null,
          openFaultCount: Number(r.open_fault_count ?? 0),
        })),
        total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },

    async faults(caller: Caller, input: PageInput & { projectId: number }, language: LanguageCode) {
      const organisationIds = await inScope(caller, input.projectId);
      const { rows, total } = await projects.openFaults(
        organisationIds,
        input.projectId,
        languageIdOf(language),
        pagingOf(input),
      );
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          code: r.code,
          name: r.name ?? "",
          deviceId: Number(r.device_id),
          deviceKind: r.device_kind,
          deviceCode: r.device_code,
          systemNumber: r.system_number,
          outdoorAddress: r.outdoor_address,
          indoorAddress: r.indoor_address,
          occurredAt: iso(r.occurred_at),
        })),
        total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },

    async repairReports(caller: Caller, input: PageInput & { projectId: number }) {
      const organisationIds = await inScope(caller, input.projectId);
      const { rows, total } = await projects.repairReports(organisationIds, input.projectId, pagingOf(input));
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          userName: r.user_name,
          productModel: r.product_model,
          serialNumber: r.serial_number,
          content: r.content,
          status: r.status,
          reportedAt: iso(r.reported_at),
        })),
        total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },

    /** A whole channel's map: kept per scope and filter by its route, like the lists. */
    async mapPoints(
      caller: Caller,
      input: ProjectFilterValues & { bbox?: readonly [number, number, number, number] | undefined },
    ) {
      const { organisationIds } = await scope.of(caller);
      const { bbox, ...filters } = input;
      const { rows, unlocated } = await projects.mapPoints(organisationIds, filters, bbox);
      // Columns of whole numbers (see ZProjectMapPoints); the query orders the rows by id, which the
      // id steps need.
      const points = rows.map((r) => ({
        id: Number(r.id),
        lat: Number(r.lat),
        lng: Number(r.lng),
        alarms: Number(r.alarms),
      }));
      return { ...encodeMapPoints(points), unlocated };
    },

    /** The projects of one place on the map (its popup's list), by name; ids outside the scope are left out. */
    async mapPlace(caller: Caller, ids: number[], language: LanguageCode) {
      const { organisationIds } = await scope.of(caller);
      const rows = await projects.placeProjects(organisationIds, languageIdOf(language), ids);
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          code: r.code,
          name: r.name,
          address: r.address,
          cityName: r.city_name,
          alarmCount: Number(r.alarm_count),
        })),
      };
    },

    mapConfig: () => ({ tileUrl: deps.mapTileUrl?.trim() || null, placeSearch: Boolean(deps.geocoderUrl?.trim()) }),
  };
};

export type ProjectsService = ReturnType<typeof createProjectsService>;
