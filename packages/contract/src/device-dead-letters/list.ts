import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { DEVICE_TOPICS } from "../device/protocol.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZIsoDateTime, ZText } from "../rules.ts";

/**
 * Device messages the database refused (a batch is split until the one message it cannot store
 * is found; that message is kept here and the rest of the batch is written). A distributor reads
 * those of its own organisation's devices, newest first, to tell the device's maker what it sent.
 */

export const ZDeviceDeadLetter = z.object({
  id: z.number().int(),
  /** The device's serial number as it sent it. */
  serialNumber: z.string(),
  /** Null once the device has been deleted. */
  deviceId: z.number().int().nullable(),
  // Text, not the enum: a row written by a newer server must not break an older reader.
  topic: z.string(),
  /** The payload as received, as text; bytes that are not UTF-8 and control characters escaped (\u0000). */
  payload: z.string(),
  /** The size of the payload as received, in bytes. */
  payloadBytes: z.number().int(),
  /** Why the database refused it, as the database said. */
  error: z.string(),
  receivedAt: z.string(),
});
export type TDeviceDeadLetter = z.output<typeof ZDeviceDeadLetter>;

/** The "to" end of the range is not before its "from" end. */
export const validDeadLetterRange = (f: { from?: string | undefined; to?: string | undefined }): boolean =>
  !f.from || !f.to || new Date(f.from) <= new Date(f.to);

export const ZDeviceDeadLetterListRequest = ZPageRequest.omit({ sort: true, order: true })
  .extend({
    /** The serial number, or its start. */
    serialNumber: ZText(64).optional(),
    topics: z.array(z.enum(DEVICE_TOPICS)).max(DEVICE_TOPICS.length).optional(),
    /** Received at or after (ISO-8601). */
    from: ZIsoDateTime.optional(),
    /** Received before (ISO-8601). */
    to: ZIsoDateTime.optional(),
  })
  .refine(validDeadLetterRange, { message: "timeRange", path: ["to"] });
export type TDeviceDeadLetterListRequest = z.input<typeof ZDeviceDeadLetterListRequest>;

export const listDeviceDeadLetters = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/device-dead-letters/list",
  request: ZDeviceDeadLetterListRequest,
  // Counted no further than 10,000 (`totalCapped`): a device that sends nothing but refused messages writes many.
  response: ZPage(ZDeviceDeadLetter).extend({ totalCapped: z.boolean() }),
});
export type TDeviceDeadLetterPage = z.output<typeof listDeviceDeadLetters.response>;
