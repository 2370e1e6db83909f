import type { TDeviceDeadLetter } from "@vrf/contract/device-dead-letters/list.ts";
import type { Db } from "../../db/open.ts";
import type { Caller } from "../session/session.service.ts";
import { createDeviceDeadLetterRepository, type DeviceDeadLetterRow } from "./device-dead-letters.repository.ts";

const utf8 = new TextDecoder("utf-8", { fatal: false });

/**
 * The payload as text a page can show: invalid UTF-8 as U+FFFD, control characters (the NUL that
 * got the message refused, say) written out as \u0000 so they are seen rather than swallowed.
 */
export const payloadText = (payload: Buffer): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters made visible
  utf8.decode(payload).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const present = (row: DeviceDeadLetterRow): TDeviceDeadLetter => ({
  id: row.id,
  serialNumber: row.serialNumber,
  deviceId: row.deviceId,
  topic: row.topic,
  payload: payloadText(row.payload),
  payloadBytes: row.payload.length,
  error: row.error,
  receivedAt: row.receivedAt.toISOString(),
});

/** The device messages the database refused, as the device's organisation's distributor reads them. */
export function createDeviceDeadLetterService(deps: { db: Db }) {
  const letters = createDeviceDeadLetterRepository(deps.db);
  return {
    async list(
      caller: Caller,
      input: {
        pageNum: number;
        pageSize: number;
        serialNumber?: string | undefined;
        topics?: string[] | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const { rows, total, totalCapped } = await letters.list(
        {
          organisationId: caller.organisationId,
          serialNumber: input.serialNumber?.trim() || undefined,
          topics: input.topics,
          from: input.from ? new Date(input.from) : undefined,
          to: input.to ? new Date(input.to) : undefined,
        },
        (input.pageNum - 1) * input.pageSize,
        input.pageSize,
      );
      return { list: rows.map(present), total, totalCapped, pageNum: input.pageNum, pageSize: input.pageSize };
    },
  };
}

export type DeviceDeadLetterService = ReturnType<typeof createDeviceDeadLetterService>;
