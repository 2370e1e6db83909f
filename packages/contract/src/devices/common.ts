import { z } from "zod";
import { ZPageRequest } from "../common-data.ts";
import { ZText } from "../rules.ts";

/** Device kinds shown as "controllers": one list and one detail screen serve all three. */
export const CONTROLLER_KINDS = ["himit", "hidom", "smarttouch"] as const;
export const ZControllerKind = z.enum(CONTROLLER_KINDS);
export type TControllerKind = z.output<typeof ZControllerKind>;

export const CONTROLLER_STATUSES = ["online", "offline"] as const;
/** SPEC section 4: message grabbing, data collection, standby, offline, online, other. */
export const CHECKER_STATUSES = ["grabbing", "collecting", "standby", "offline", "online", "other"] as const;
export const ZCheckerStatus = z.enum(CHECKER_STATUSES);
export type TCheckerStatus = z.output<typeof ZCheckerStatus>;

export const CHECKER_TYPES = ["temporary", "stationary"] as const;
export const ZCheckerType = z.enum(CHECKER_TYPES);
export type TCheckerType = z.output<typeof ZCheckerType>;

/** SPEC section 9: a temporary checker has 200 MB; a stationary one keeps a year of data. */
export const CHECKER_STORAGE_MB: Record<TCheckerType, number> = { temporary: 200, stationary: 4096 };

export const UNIT_STATUSES = ["normal", "alarm"] as const;
export const ZUnitStatus = z.enum(UNIT_STATUSES);

/** A record id: a positive whole number a database bigint and a JS number both hold exactly. */
export const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An optional id that may arrive as "" from a cleared filter. */
export const ZOptionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), ZId.optional());

/** List paging whose page number cannot push the SQL offset past what the database accepts. */
export const ZDevicePageRequest = ZPageRequest.extend({
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** An optional free-text filter; blank means "no filter". */
export const ZOptionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), ZText(max).optional());

export const ZProjectRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable();

export const ZStatusChange = z.object({ status: z.string(), at: z.string() });
export type TStatusChange = z.output<typeof ZStatusChange>;
