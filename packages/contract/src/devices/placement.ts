import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZControllerKind, ZId } from "./common.ts";

/**
 * Moving a Hi-MIT, Hi-Dom or SmartTouch device to another project of the caller's scope, and
 * removing one, so that a project can be emptied and deleted. A device or project the caller
 * cannot see answers 404 like a missing one; `kind` must be the device's own.
 */
export const ZMoveDeviceRequest = z.object({ id: ZId, kind: ZControllerKind, projectId: ZId });
export type TMoveDeviceRequest = z.input<typeof ZMoveDeviceRequest>;

export const ZMovedDevice = z.object({
  id: z.number().int(),
  /** The project the device is in now; it belongs to that project's organisation. */
  project: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  organisationName: z.string(),
});
export type TMovedDevice = z.output<typeof ZMovedDevice>;

/** Its units, faults and commands go with it. Refused with deviceAlreadyInProject for its own project. */
export const moveDevice = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/devices/move",
  request: ZMoveDeviceRequest,
  response: ZMovedDevice,
});

export const ZRemoveDeviceRequest = z.object({ id: ZId, kind: ZControllerKind });
export type TRemoveDeviceRequest = z.input<typeof ZRemoveDeviceRequest>;

/**
 * Deletes the device with everything that is only about it (units, faults, readings, commands,
 * its password); repair reports stay, without the link. The device can no longer sign in.
 */
export const removeDevice = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/devices/remove",
  request: ZRemoveDeviceRequest,
  response: z.null(),
});
