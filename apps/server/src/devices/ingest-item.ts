import type { TDeviceMessage } from "@vrf/contract/device/messages.ts";
import type { DeviceRef } from "./device-directory.repository.ts";

/** A message that passed its schema, waiting to be written. */
export type QueuedMessage = TDeviceMessage & {
  /** The id on the wire (the serial number as the device sent it). */
  deviceId: string;
  receivedAt: Date;
  bytes: number;
};

/** A queued message whose device is known. */
export type IngestItem = QueuedMessage & { device: DeviceRef };

/** What changed, told to browsers once the batch is committed. Ids only, never readings. */
export type DeviceEvent =
  | { type: "deviceState"; organisationId: number; deviceId: number; status: string }
  | { type: "units"; organisationId: number; deviceId: number; systems: number[] }
  | { type: "faults"; organisationId: number; deviceId: number; projectId: number | null }
  | { type: "progress"; organisationId: number; deviceId: number; step: number }
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

export const messageTime = (item: QueuedMessage): Date =>
  Math.abs(item.message.ts - item.receivedAt.getTime()) <= CLOCK_SKEW_MS ? new Date(item.message.ts) : item.receivedAt;
