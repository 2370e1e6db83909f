import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { TCommandMessage } from "@vrf/contract/device/messages.ts";
import { PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import { COMMAND_TIMEOUT_MS } from "@vrf/contract/devices/commands.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { rolloutMayMove } from "@vrf/contract/hi-checker/rollout-rules.ts";
import type {
  TRollout,
  TRolloutTarget,
  TTargetFailure,
  ZCreateRolloutRequest,
  ZRolloutListRequest,
} from "@vrf/contract/hi-checker/rollouts.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import { rolloutEvent, sweepTargets, type TargetChange } from "../../devices/rollout-writes.ts";
import type { DeviceCommandRepository } from "../device-link/device-commands.repository.ts";
import type { CommandLink } from "../device-link/device-commands.service.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { PackageStore } from "../software-packages/package-store.ts";
import type { DispatchRow, RolloutRepository, RolloutRow, TargetRow } from "./rollouts.repository.ts";

const toRollout = (row: RolloutRow): TRollout => ({
  id: row.id,
  packageId: row.package_id ?? "",
  version: row.version,
  fileName: row.file_name,
  state: row.state,
  failureSharePercent: row.failure_share,
  maxInFlight: row.max_in_flight,
  counts: {
    pending: Number(row.pending),
    downloading: Number(row.downloading),
    installing: Number(row.installing),
    done: Number(row.done),
    failed: Number(row.failed),
  },
  createdBy: row.created_by_name ?? "",
  createdAt: row.created_at.toISOString(),
  endedAt: row.ended_at?.toISOString() ?? null,
});

const toTarget = (row: TargetRow): TRolloutTarget => ({
  deviceId: Number(row.device_id),
  deviceCode: row.device_code,
  deviceAlias: row.alias,
  online: row.status !== "offline",
  fromFirmware: row.from_firmware,
  firmware: row.firmware,
  state: row.state,
  percent: row.percent,
  failure: row.failure as TTargetFailure | null,
  sentAt: row.sent_at?.toISOString() ?? null,
  updatedAt: row.updated_at.toISOString(),
});

/** The download link's token is kept as its hash: a copy of the table opens no package. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Firmware rollouts. Creating one writes it and its targets, all waiting; from then on the
 * dispatcher (`tick`, every second beside the command sweep, and at once after a create or a
 * resume) sends the update to as many connected, idle checkers as the rollout has room for, and
 * gives up on those that refused, never answered or went silent. What checkers report moves their
 * targets in the ingest (devices/rollout-writes.ts). Each send carries a link with a token of its
 * own, good while that checker downloads.
 */
export const createRolloutService = (deps: {
  db: Db;
  rollouts: RolloutRepository;
  commands: DeviceCommandRepository;
  clock: Clock;
  link: () => CommandLink | null;
  /** The portal's address as checkers reach it, for the download link. */
  deviceBaseUrl: () => string;
  store: Pick<PackageStore, "open">;
}) => {
  const { db, rollouts, commands, clock } = deps;

  const find = async (organisationId: number, id: string): Promise<TRollout> => {
    const row = await rollouts.find(organisationId, id);
    if (!row) throw new AppError(Errors.notFound);
    return toRollout(row);
  };

  const downloadUrl = (rolloutId: string, deviceId: number, token: string) =>
    `${deps.deviceBaseUrl().replace(/\/+$/, "")}/device-api/rollouts/${rolloutId}/firmware/${deviceId}?token=${token}`;

  /** The `ota` command of each due target, with the hash of the token its link carries. */
  const commandsOf = (due: DispatchRow[], now: Date) => {
    const expiresAt = new Date(now.getTime() + COMMAND_TIMEOUT_MS);
    return due.map((row) => {
      const token = randomBytes(32).toString("base64url");
      const message: Extract<TCommandMessage, { type: "ota" }> = {
        v: PROTOCOL_VERSION,
        cmdId: randomUUID(),
        issuedAt: now.getTime(),
        expiresAt: expiresAt.getTime(),
        type: "ota",
        rolloutId: row.rollout_id,
        version: row.version,
        url: downloadUrl(row.rollout_id, Number(row.device_id), token),
        sizeBytes: Number(row.size_bytes),
        sha256: row.sha256,
      };
      return { row, message, tokenHash: hashOf(token) };
    });
  };

  /** Publishes one update; when the broker cannot take it the target waits again and its command says why. */
  const publish = async (link: CommandLink, row: DispatchRow, message: TCommandMessage): Promise<TargetChange> => {
    const change = {
      rollout_id: row.rollout_id,
      device_id: row.device_id,
      organisation_id: row.organisation_id,
      state: "downloading",
    };
    try {
      await link.publish(row.serial_number, message);
    } catch {
      await rollouts.unsend(row.rollout_id, Number(row.device_id), message.cmdId);
      await commands.markFailed(message.cmdId, clock.now(), "broker unavailable");
      return { ...change, state: "pending" };
    }
    await commands.markSent(message.cmdId, clock.now());
    return change;
  };

  const service = {
    async create(
      scope: Scope,
      creator: { accountId: number; organisationId: number },
      input: z.output<typeof ZCreateRolloutRequest>,
    ): Promise<TRollout> {
      const deviceIds = [...new Set(input.deviceIds)];
      const id = randomUUID();
      await rollouts.create(creator.organisationId, input.packageId, scope, deviceIds, ({ pkg, checkers, busy }) => {
        if (!pkg) throw new AppError(Errors.notFound);
        if (pkg.kind !== "firmware") throw new AppError(Errors.packageNotFirmware);
        // A checker not found is another organisation's, or no checker: it answers as one that does not exist.
        if (checkers.length !== deviceIds.length) throw new AppError(Errors.notFound);
        if (busy.length > 0) throw new AppError(Errors.rolloutCheckerBusy, { deviceIds: busy.map(Number) });
        return {
          id,
          organisation_id: creator.organisationId,
          package_id: input.packageId,
          version: pkg.version,
          file_name: pkg.file_name,
          size_bytes: Number(pkg.size_bytes),
          sha256: pkg.sha256,
          failure_share: input.failureSharePercent,
          max_in_flight: input.maxInFlight,
          created_by: creator.accountId,
          created_at: clock.now(),
        };
      });
      await service.dispatch();
      return find(creator.organisationId, id);
    },

    async list(organisationId: number, input: z.output<typeof ZRolloutListRequest>) {
      const { pageNum, pageSize, packageId } = input;
      const { rows, total } = await rollouts.page(organisationId, packageId, pageSize, (pageNum - 1) * pageSize);
      return { list: rows.map(toRollout), total, pageNum, pageSize };
    },

    get: find,

    async targets(organisationId: number, input: { id: string; pageNum: number; pageSize: number }) {
      await find(organisationId, input.id);
      const { rows, total } = await rollouts.targets(input.id, input.pageSize, (input.pageNum - 1) * input.pageSize);
      return { list: rows.map(toTarget), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** Pause (`paused`) or resume (`running`): of two at once, one moves it and the other is told why not. */
    async move(organisationId: number, id: string, to: "paused" | "running"): Promise<TRollout> {
      const from = to === "paused" ? "running" : "paused";
      if (!(await rollouts.move(organisationId, id, from, to))) {
        const now = await find(organisationId, id);
        if (!rolloutMayMove(now.state, to)) {
          throw new AppError(to === "paused" ? Errors.rolloutNotRunning : Errors.rolloutNotPaused);
        }
      }
      const rollout = await find(organisationId, id);
      await deps
        .link()
        ?.announce([{ type: "rollout", organisationId, deviceId: 0, rolloutId: id, state: rollout.state }]);
      if (to === "running") await service.dispatch();
      return find(organisationId, id);
    },

    /**
     * Sends the update to the targets due now. The targets and their commands are written first
     * (one transaction, the rollouts locked), then published: an ack or a report never finds an
     * update the portal does not know.
     */
    async dispatch(): Promise<number> {
      const link = deps.link();
      if (!link) return 0;
      const now = clock.now();
      const outgoing = await db.transaction().execute(async (tx) => {
        const due = commandsOf(await rollouts.pickDue(tx), now);
        if (due.length === 0) return [];
        await tx
          .insertInto("device_commands")
          .values(
            due.map(({ row, message }) => ({
              id: message.cmdId,
              organisation_id: Number(row.organisation_id),
              device_id: Number(row.device_id),
              issued_by: row.created_by === null ? null : Number(row.created_by),
              type: "ota" as const,
              params: JSON.stringify({ rolloutId: row.rollout_id, version: row.version }),
              issued_at: now,
              expires_at: new Date(message.expiresAt),
            })),
          )
          .execute();
        await rollouts.markSent(
          tx,
          due.map(({ row, message, tokenHash }) => ({
            rolloutId: row.rollout_id,
            deviceId: Number(row.device_id),
            commandId: message.cmdId,
            tokenHash,
          })),
          now,
        );
        return due;
      });
      if (outgoing.length === 0) return 0;
      const changes = await Promise.all(outgoing.map(({ row, message }) => publish(link, row, message)));
      await link.announce(changes.map(rolloutEvent));
      return changes.filter((c) => c.state === "downloading").length;
    },

    /** Housekeeping, every second: give up on stalled updates, then send what is due. */
    async tick(): Promise<void> {
      const changes = await db.transaction().execute((tx) => sweepTargets(tx, clock.now()));
      if (changes.length > 0) await deps.link()?.announce(changes.map(rolloutEvent));
      await service.dispatch();
    },

    /** The package file a checker may fetch now, if `token` is the one its update was sent with; else null. */
    async openDownload(rolloutId: string, deviceId: number, token: string) {
      const row = await rollouts.downloadable(rolloutId, deviceId, hashOf(token));
      const file = row ? await deps.store.open(row.sha256) : null;
      return row && file ? { ...file, fileName: row.file_name } : null;
    },
  };
  return service;
};

export type RolloutService = ReturnType<typeof createRolloutService>;
