import { z } from "zod";

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

export const INDOOR_MODES = ["cooling", "heating", "fan", "dry", "auto"] as const;

/** An optional positive id that may arrive as "" from a cleared filter. */
export const ZOptionalId = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** An optional free-text filter; blank means "no filter". */
export const ZOptionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max).optional(),
  );

export const ZProjectRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable();

export const ZStatusChange = z.object({ status: z.string(), at: z.string() });
export type TStatusChange = z.output<typeof ZStatusChange>;
