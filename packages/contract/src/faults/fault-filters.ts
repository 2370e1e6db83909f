import { z } from "zod";
import { ZIsoDateTime, ZText } from "../rules.ts";

export const FAULT_STATES = ["open", "repaired"] as const;
export type FaultState = (typeof FAULT_STATES)[number];

export const DEVICE_KINDS = ["himit", "hidom", "smarttouch", "checker"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** A fault code as units raise it: a letter and up to three more letters or digits ("E01", "C12", "PA3"). */
export const FAULT_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,3}$/;

export const ZFaultCode = ZText(4, { tooLong: "parameterInvalid" })
  .toUpperCase()
  .regex(FAULT_CODE_PATTERN, { message: "parameterInvalid" });

const id = z.coerce.number().int().positive();

/**
 * The filters fault records, charts and exports share. An organisation, project
 * or device outside the caller's scope answers 404, like a missing one.
 */
export const faultFilterShape = {
  organisationId: id.optional(),
  projectId: id.optional(),
  deviceId: id.optional(),
  code: ZFaultCode.optional(),
  state: z.enum(FAULT_STATES).optional(),
  /** Fault time from (inclusive), ISO-8601. */
  from: ZIsoDateTime.optional(),
  /** Fault time to (exclusive), ISO-8601. */
  to: ZIsoDateTime.optional(),
};

/** A time range that ends before it starts is refused (400) rather than answered with nothing. */
export const rangeInOrder = (value: { from?: string; to?: string }): boolean =>
  !value.from || !value.to || new Date(value.from).getTime() <= new Date(value.to).getTime();

export const RANGE_ISSUE = { message: "parameterInvalid", path: ["to"] };

/** Minutes east of UTC of the viewer, so "a day" in charts is the viewer's day. */
export const ZUtcOffset = z.coerce.number().int().min(-840).max(840).default(0);
