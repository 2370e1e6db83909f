import { randomUUID } from "node:crypto";
import type { TCommandMessage } from "@vrf/contract/device/messages.ts";
import { PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import { COMMAND_TIMEOUT_MS } from "@vrf/contract/devices/commands.ts";
import { Errors } from "@vrf/contract/errors.ts";
import {
  TASK_MAX_DAYS,
  type TCheckerTask,
  type TTaskStatus,
  type ZCreateTaskRequest,
  type ZTaskListRequest,
} from "@vrf/contract/hi-checker/tasks.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import { type TaskChange, taskEvent, writeTaskOutcomes } from "../../devices/checker-task-writes.ts";
import type { DeviceCommandRepository } from "../device-link/device-commands.repository.ts";
import type { CommandLink } from "../device-link/device-commands.service.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { CheckerTaskRepository, CheckerTaskRow } from "./checker-tasks.repository.ts";

const DAY_MS = 86_400_000;

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toTask = (row: CheckerTaskRow): TCheckerTask => ({
  id: row.id,
  deviceId: Number(row.device_id),
  deviceCode: row.device_code,
  deviceAlias: row.device_alias,
  project:
    row.project_id === null
      ? null
      : { id: Number(row.project_id), code: row.project_code ?? "", name: row.project_name ?? "" },
  name: row.name,
  kind: row.kind,
  intervalS: row.interval_s,
  notes: row.notes,
  status: row.status,
  failure: row.failure,
  createdBy: row.created_by_name ?? "",
  createdAt: row.created_at.toISOString(),
  startedAt: iso(row.started_at),
  endedAt: iso(row.ended_at),
  endAt: row.end_at.toISOString(),
  frameCount: Number(row.frame_count),
  snapshotCount: Number(row.snapshot_count),
  storedBytes: Number(row.stored_bytes),
});

const fieldError = (definition: (typeof Errors)[keyof typeof Errors], path: string) =>
  new AppError(definition, { fields: [{ path, message: definition.key }] });

/**
 * Hi-Checker tasks: one at a time per checker, started and stopped by device commands. The task
 * row and its start command are written together before anything is published, so an ack can
 * never find a task the portal does not know; the device link moves the task on from there
 * (devices/checker-task-writes.ts).
 */
export const createCheckerTaskService = (deps: {
  db: Db;
  tasks: CheckerTaskRepository;
  commands: DeviceCommandRepository;
  clock: Clock;
  link: () => CommandLink | null;
}) => {
  const { tasks, commands, clock } = deps;

  /** A task command to its checker; when the broker cannot take it, the command fails and so does the step. */
  const publish = async (
    link: CommandLink,
    serial: string,
    message: TCommandMessage,
    outcome: { taskId: string; type: "taskStart" | "taskStop" },
  ) => {
    try {
      await link.publish(serial, message);
    } catch {
      const failed = await commands.markFailed(message.cmdId, clock.now(), "broker unavailable");
      const changes = await deps.db
        .transaction()
        .execute((tx) =>
          writeTaskOutcomes(tx, [{ commandId: message.cmdId, ...outcome, status: "failed", at: clock.now() }], []),
        );
      if (outcome.type === "taskStart") {
        await deps.db
          .updateTable("checker_tasks")
          .set({ failure: "brokerUnavailable" })
          .where("id", "=", outcome.taskId)
          .execute();
      }
      await link.announce([
        ...(failed
          ? [
              {
                type: "command" as const,
                organisationId: Number(failed.organisation_id),
                deviceId: Number(failed.device_id),
                commandId: failed.id,
                status: failed.status,
                customerId: failed.issued_by_customer,
              },
            ]
          : []),
        ...changes.map(taskEvent),
      ]);
      throw new AppError(Errors.brokerUnavailable);
    }
    await commands.markSent(message.cmdId, clock.now());
  };

  const announceTask = async (link: CommandLink, change: TaskChange) => link.announce([taskEvent(change)]);

  return {
    async list(scope: Scope, input: z.output<typeof ZTaskListRequest>) {
      const { pageNum, pageSize, ...filter } = input;
      const { rows, total } = await tasks.page(scope, filter, pageSize, (pageNum - 1) * pageSize);
      return { list: rows.map(toTask), total, pageNum, pageSize };
    },

    async get(scope: Scope, id: string): Promise<TCheckerTask> {
      const row = await tasks.find(scope, id);
      if (!row) throw new AppError(Errors.notFound);
      return toTask(row);
    },

    /** `scope` is the checker's own (devices.service `ofChecker`): the caller may use it. */
    async create(
      scope: Scope,
      issuer: { accountId: number; customerId: string },
      input: z.output<typeof ZCreateTaskRequest>,
    ): Promise<TCheckerTask> {
      const now = clock.now();
      const endAt = new Date(input.endAt);
      if (!(endAt.getTime() > now.getTime())) throw fieldError(Errors.taskEndNotLater, "endAt");
      if (endAt.getTime() - now.getTime() > TASK_MAX_DAYS * DAY_MS) throw fieldError(Errors.taskTooLong, "endAt");
      const device = await commands.findDevice(scope.organisationIds, input.deviceId);
      if (device?.kind !== "checker") throw new AppError(Errors.notFound);
      if (device.status === "offline") throw new AppError(Errors.deviceOffline);
      const link = deps.link();
      if (!link) throw new AppError(Errors.brokerUnavailable);

      const taskId = randomUUID();
      const expiresAt = new Date(now.getTime() + COMMAND_TIMEOUT_MS);
      const message: TCommandMessage = {
        v: PROTOCOL_VERSION,
        cmdId: randomUUID(),
        issuedAt: now.getTime(),
        expiresAt: expiresAt.getTime(),
        type: "taskStart",
        taskId,
        kind: input.kind,
        intervalS: input.intervalS,
        endAt: endAt.getTime(),
      };
      try {
        await tasks.insertWithStart(
          {
            id: taskId,
            organisation_id: Number(device.organisation_id),
            device_id: Number(device.id),
            kind: input.kind,
            name: input.name,
            notes: input.notes,
            interval_s: input.intervalS,
            end_at: endAt,
            created_by: issuer.accountId,
            created_at: now,
          },
          {
            id: message.cmdId,
            issued_by_customer: issuer.customerId,
            params: JSON.stringify({ taskId, kind: input.kind, intervalS: input.intervalS, endAt: endAt.getTime() }),
            expires_at: expiresAt,
          },
        );
      } catch (error) {
        // The partial unique index of open tasks: another task of this checker is open (or was
        // started by someone else a moment ago).
        if ((error as { code?: unknown })?.code === "23505") throw new AppError(Errors.checkerBusy);
        throw error;
      }
      await publish(link, device.serial_number, message, { taskId, type: "taskStart" });
      const task = await this.get(scope, taskId);
      await announceTask(link, {
        id: taskId,
        device_id: device.id,
        organisation_id: device.organisation_id,
        status: task.status,
      });
      return task;
    },

    async stop(scope: Scope, issuer: { accountId: number; customerId: string }, id: string): Promise<TCheckerTask> {
      const task = await tasks.find(scope, id);
      if (!task) throw new AppError(Errors.notFound);
      const stoppable: readonly TTaskStatus[] = ["starting", "running"];
      if (task.status === "stopping") return toTask(task);
      if (!stoppable.includes(task.status)) throw new AppError(Errors.taskEnded);
      const device = await commands.findDevice(scope.organisationIds, Number(task.device_id));
      if (!device) throw new AppError(Errors.notFound);
      if (device.status === "offline") throw new AppError(Errors.deviceOffline);
      const link = deps.link();
      if (!link) throw new AppError(Errors.brokerUnavailable);

      const now = clock.now();
      const expiresAt = new Date(now.getTime() + COMMAND_TIMEOUT_MS);
      const message: TCommandMessage = {
        v: PROTOCOL_VERSION,
        cmdId: randomUUID(),
        issuedAt: now.getTime(),
        expiresAt: expiresAt.getTime(),
        type: "taskStop",
        taskId: task.id,
      };
      const stopping = await tasks.insertStop(
        { id: task.id, organisation_id: Number(device.organisation_id), device_id: Number(device.id) },
        {
          id: message.cmdId,
          issued_by: issuer.accountId,
          issued_by_customer: issuer.customerId,
          params: JSON.stringify({ taskId: task.id }),
          issued_at: now,
          expires_at: expiresAt,
        },
      );
      // It ended, or someone stopped it, between the read and the write.
      if (!stopping) return this.get(scope, id);
      await publish(link, device.serial_number, message, { taskId: task.id, type: "taskStop" });
      const stopped = await this.get(scope, id);
      await announceTask(link, {
        id,
        device_id: device.id,
        organisation_id: device.organisation_id,
        status: stopped.status,
      });
      return stopped;
    },
  };
};

export type CheckerTaskService = ReturnType<typeof createCheckerTaskService>;
