import { COMMAND_STATUSES, FINAL_COMMAND_STATUSES, type TCommandStatus } from "@vrf/contract/devices/commands.ts";

const RANK: Record<TCommandStatus, number> = { pending: 0, sent: 1, confirmed: 2, failed: 2, timed_out: 2 };

export const isCommandStatus = (value: string): value is TCommandStatus =>
  (COMMAND_STATUSES as readonly string[]).includes(value);

export const isFinalStatus = (status: TCommandStatus): boolean => FINAL_COMMAND_STATUSES.includes(status);

/**
 * A command's status after hearing `next` (from the socket or a poll): it only moves forward,
 * pending -> sent -> confirmed | failed | timed_out, so a late "sent" or a poll answered before
 * the event never takes a result back; unknown words are ignored.
 */
export const advanceStatus = (current: TCommandStatus, next: string): TCommandStatus => {
  if (!isCommandStatus(next) || isFinalStatus(current)) return current;
  return RANK[next] > RANK[current] ? next : current;
};
