import type { TDeviceMessage } from "@vrf/contract/device/messages.ts";
import type { TDeviceTopic } from "@vrf/contract/device/protocol.ts";
import type { DeviceRef } from "./device-directory.repository.ts";

/**
 * A message as it arrived, waiting in the writer's queue: its topic, size and rate were checked
 * on arrival, its JSON is read when its batch is (message-reader.ts). Behind a burst the queue
 * holds tens of thousands of these, and a buffer each is far less for the collector to copy and
 * promote than each report's parsed tree of objects.
 */
export interface QueuedMessage {
  /** The id on the wire (the serial number as the device sent it). */
  deviceId: string;
  topic: TDeviceTopic;
  payload: Buffer;
  /** Date.getTime() of the gateway's clock. */
  receivedAt: number;
  /**
   * Called once the message is settled: committed, dropped, or kept as a dead letter. Its
   * acknowledgement waits for this, so a message acknowledged is never one a crash can lose.
   */
  onSettled?: (() => void) | undefined;
}

/** A message that passed its schema, in the batch being written. */
export type CheckedMessage = TDeviceMessage & {
  deviceId: string;
  receivedAt: Date;
  bytes: number;
  /** As it arrived, for a dead letter. */
  payload: Buffer;
};

/** A checked message whose device is known. */
export type IngestItem = CheckedMessage & { device: DeviceRef };

/** What changed, told to browsers once the batch is committed. Ids only, never readings. */
export type DeviceEvent =
  | { type: "deviceState"; organisationId: number; deviceId: number; status: string }
  | { type: "units"; organisationId: number; deviceId: number; systems: number[] }
  | { type: "faults"; organisationId: number; deviceId: number; projectId: number | null }
  | { type: "progress"; organisationId: number; deviceId: number; step: number }
  /** A checker task's state, or what it gathered, moved. */
  | { type: "task"; organisationId: number; deviceId: number; taskId: string; status: string }
  /** A checker's firmware update (its rollout target) moved; `organisationId` is the rollout's. */
  | { type: "rollout"; organisationId: number; deviceId: number; rolloutId: string; state: string }
  | {
      type: "command";
      organisationId: number;
      deviceId: number;
      commandId: string;
      status: string;
      /** The customer who issued it: their browser shows the result. */
      customerId: string;
      /** On a timeout: the device's Wi-Fi id, for SPEC section 8's toast. */
      wifiId?: string;
    };

/** The device clock is trusted within ten minutes of ours; beyond that the message is dated on arrival. */
const CLOCK_SKEW_MS = 10 * 60_000;

export const messageTime = (item: CheckedMessage): Date =>
  Math.abs(item.message.ts - item.receivedAt.getTime()) <= CLOCK_SKEW_MS ? new Date(item.message.ts) : item.receivedAt;
