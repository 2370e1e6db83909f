import { randomUUID } from "node:crypto";
import type { TCommandMessage } from "@vrf/contract/device/messages.ts";
import { PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import { type TIndoorSupports, ZIndoorSupports } from "@vrf/contract/device/units.ts";
import type { ZControlRequest } from "@vrf/contract/devices/commands.ts";
import { COMMAND_TIMEOUT_MS, type TControlRequest, type TDeviceCommand } from "@vrf/contract/devices/commands.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import { taskEvent } from "../../devices/checker-task-writes.ts";
import type { DeviceEvent } from "../../devices/ingest-item.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { CommandRow, DeviceCommandRepository } from "./device-commands.repository.ts";

/** What the service needs of the device link: publish a command, tell browsers. */
export interface CommandLink {
  publish(deviceSerial: string, command: TCommandMessage): Promise<void>;
  /** Tells every instance's browsers (a timed-out command's event carries the device's wifiId). */
  announce(events: DeviceEvent[]): Promise<void>;
}

const toCommand = (row: CommandRow): TDeviceCommand => ({
  id: row.id,
  deviceId: Number(row.device_id),
  type: row.type,
  systemNumber: row.system_number,
  indoorAddresses: row.indoor_addresses,
  params: (row.params ?? {}) as Record<string, unknown>,
  status: row.status,
  issuedBy: row.issued_by_customer,
  issuedByName: row.issued_by_name ?? "",
  issuedAt: row.issued_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

const commandEvent = (row: CommandRow, wifiId?: string): DeviceEvent => ({
  type: "command",
  organisationId: Number(row.organisation_id),
  deviceId: Number(row.device_id),
  commandId: row.id,
  status: row.status,
  customerId: row.issued_by_customer,
  ...(wifiId ? { wifiId } : {}),
});

/** Is every setting within what the unit reported it supports? Units that never said are not limited. */
const supportsAll = (supports: TIndoorSupports | null, set: z.output<typeof ZControlRequest>["set"]) =>
  !supports ||
  ((set.mode === undefined || supports.modes.includes(set.mode)) &&
    (set.fanSpeed === undefined || supports.fanSpeeds.includes(set.fanSpeed)) &&
    (set.louver === undefined || supports.louver));

/**
 * Remote control (DESIGN section 10): a command row per request, `pending → sent → confirmed |
 * failed | timed_out`. The row exists before anything is published, so an ack can never arrive
 * for a command the portal does not know.
 */
export const createDeviceCommandService = (deps: {
  commands: DeviceCommandRepository;
  clock: Clock;
  link: () => CommandLink | null;
}) => {
  const { commands, clock } = deps;

  return {
    async control(
      scope: Scope,
      issuer: { accountId: number; customerId: string },
      input: z.output<typeof ZControlRequest>,
    ): Promise<TDeviceCommand> {
      const device = await commands.findDevice(scope.organisationIds, input.deviceId);
      if (!device) throw new AppError(Errors.notFound);
      if (device.kind !== "himit" && device.kind !== "checker") throw new AppError(Errors.notControllable);
      if (device.status === "offline") throw new AppError(Errors.deviceOffline);
      const units = await commands.indoorUnits(Number(device.id), input.systemNumber);
      const targets = input.indoorAddresses ? units.filter((u) => input.indoorAddresses?.includes(u.address)) : units;
      if (targets.length === 0 || (input.indoorAddresses && targets.length !== new Set(input.indoorAddresses).size)) {
        throw new AppError(Errors.unitNotFound);
      }
      for (const unit of targets) {
        const supports = unit.supports ? ZIndoorSupports.safeParse(unit.supports) : null;
        if (!supportsAll(supports?.success ? supports.data : null, input.set))
          throw new AppError(Errors.settingNotSupported);
      }
      const link = deps.link();
      if (!link) throw new AppError(Errors.brokerUnavailable);

      const issuedAt = clock.now();
      const expiresAt = new Date(issuedAt.getTime() + COMMAND_TIMEOUT_MS);
      const addresses = input.indoorAddresses ? [...new Set(input.indoorAddresses)].sort((a, b) => a - b) : null;
      const row = await commands.insert({
        id: randomUUID(),
        organisation_id: Number(device.organisation_id),
        device_id: Number(device.id),
        issued_by: issuer.accountId,
        issued_by_customer: issuer.customerId,
        type: "control",
        system_number: input.systemNumber,
        indoor_addresses: addresses,
        params: JSON.stringify(input.set),
        issued_at: issuedAt,
        expires_at: expiresAt,
      });
      try {
        await link.publish(device.serial_number, {
          v: PROTOCOL_VERSION,
          cmdId: row.id,
          issuedAt: issuedAt.getTime(),
          expiresAt: expiresAt.getTime(),
          type: "control",
          target: { system: input.systemNumber, ...(addresses ? { indoor: addresses } : {}) },
          set: input.set,
        });
      } catch {
        const failed = await commands.markFailed(row.id, clock.now(), "broker unavailable");
        if (failed) await link.announce([commandEvent(failed)]);
        throw new AppError(Errors.brokerUnavailable);
      }
      // An ack may already have closed it; then the row says so and nothing changes here.
      const sent = await commands.markSent(row.id, clock.now());
      if (sent) await link.announce([commandEvent(sent)]);
      return this.find(scope, row.id);
    },

    async find(scope: Scope, id: string): Promise<TDeviceCommand> {
      const row = await commands.find(scope.organisationIds, id);
      if (!row) throw new AppError(Errors.notFound);
      return toCommand(row);
    },

    /** A command of one device: another device's answers 404, as a missing one does. */
    async findOfDevice(scope: Scope, deviceId: number, id: string): Promise<TDeviceCommand> {
      const command = await this.find(scope, id);
      if (command.deviceId !== deviceId) throw new AppError(Errors.notFound);
      return command;
    },

    async list(scope: Scope, deviceId: number, pageNum: number, pageSize: number) {
      const { rows, total } = await commands.page(scope.organisationIds, deviceId, pageSize, (pageNum - 1) * pageSize);
      return { list: rows.map(toCommand), total, pageNum, pageSize };
    },

    /**
     * Commands past their expiry become timed_out, and their issuers hear of it; so do the tasks
     * they were for, and tasks past their end whose checker went quiet. Called every second.
     */
    async sweepTimeouts(): Promise<number> {
      const { commands: rows, tasks } = await commands.timeOutDue(clock.now());
      if (rows.length + tasks.length === 0) return 0;
      await deps.link()?.announce([...rows.map((row) => commandEvent(row, row.device_code)), ...tasks.map(taskEvent)]);
      return rows.length;
    },
  };
};

export type DeviceCommandService = ReturnType<typeof createDeviceCommandService>;
export type { TControlRequest };
