import { RECEIPT_MAX_SEQS, RECEIPT_TOPICS, type TReceiptMessage } from "@vrf/contract/device/messages.ts";
import { PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import type { CheckedMessage } from "./ingest-item.ts";

const confirmed = new Set<string>(RECEIPT_TOPICS);

/**
 * The receipts a settled batch owes, per device as it named itself: the seqs of its messages on
 * the topics no later report repeats (faults, acks, progress, frames, update progress), at most
 * RECEIPT_MAX_SEQS a receipt. A device keeps those messages until their receipt comes, so what
 * an instance took and lost (killed before its batch committed) is sent again, whichever broker
 * acknowledged it (docs/device-protocol.md section 4.3, decision 0014).
 */
export const receiptsOf = (batch: CheckedMessage[]): [string, TReceiptMessage][] => {
  const seqs = new Map<string, number[]>();
  for (const message of batch) {
    if (!confirmed.has(message.topic)) continue;
    const list = seqs.get(message.deviceId);
    if (list) list.push(message.message.seq);
    else seqs.set(message.deviceId, [message.message.seq]);
  }
  const receipts: [string, TReceiptMessage][] = [];
  for (const [deviceId, list] of seqs) {
    for (let at = 0; at < list.length; at += RECEIPT_MAX_SEQS) {
      receipts.push([deviceId, { v: PROTOCOL_VERSION, type: "receipt", seqs: list.slice(at, at + RECEIPT_MAX_SEQS) }]);
    }
  }
  return receipts;
};
