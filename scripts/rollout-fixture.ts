import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../apps/server/src/db/open.ts";

/**
 * What the rollout pages show on a real visit, written as the portal writes it: a firmware
 * package of the demo distributor and two rollouts of it to its first checkers, one halted after
 * two of five failed, one running with checkers waiting, downloading, installing and done.
 * The package's bytes are not kept (the pages only list it).
 */
export async function seedRolloutFixture(db: Db): Promise<{ runningId: string; haltedId: string }> {
  const organisation = await db
    .selectFrom("organisations")
    .where("name", "=", "Demo Distributor")
    .select("id")
    .executeTakeFirstOrThrow();
  const engineer = await db
    .selectFrom("accounts")
    .where("email", "=", "checker@example.com")
    .select("id")
    .executeTakeFirstOrThrow();
  const checkers = await db
    .selectFrom("devices")
    .where("organisation_id", "=", organisation.id)
    .where("kind", "=", "checker")
    .select(["id", "firmware"])
    .orderBy("id")
    .limit(10)
    .execute();
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - m * 60_000);
  const bytes = Buffer.from("hi-checker firmware 4.2.0");
  const pkg = {
    id: randomUUID(),
    organisation_id: Number(organisation.id),
    kind: "firmware" as const,
    version: "V4.2.0",
    version_key: "4.2.0",
    file_name: "hi-checker-4.2.0.bin",
    size_bytes: 3_407_872,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    imported_by: Number(engineer.id),
    imported_at: minutesAgo(240),
  };
  await db.insertInto("software_packages").values(pkg).execute();
  const rollout = (id: string, state: "running" | "halted", createdMinutesAgo: number, endedMinutesAgo?: number) => ({
    id,
    organisation_id: pkg.organisation_id,
    package_id: pkg.id,
    version: pkg.version,
    file_name: pkg.file_name,
    size_bytes: pkg.size_bytes,
    sha256: pkg.sha256,
    state,
    failure_share: 20,
    max_in_flight: 3,
    created_by: pkg.imported_by,
    created_at: minutesAgo(createdMinutesAgo),
    ended_at: endedMinutesAgo === undefined ? null : minutesAgo(endedMinutesAgo),
  });
  const haltedId = randomUUID();
  const runningId = randomUUID();
  await db
    .insertInto("firmware_rollouts")
    .values([rollout(haltedId, "halted", 200, 185), rollout(runningId, "running", 12)])
    .execute();
  type Plan = [
    state: "pending" | "downloading" | "installing" | "done" | "failed",
    percent: number,
    failure: string | null,
  ];
  const halted: Plan[] = [
    ["done", 100, null],
    ["failed", 40, "checksum"],
    ["failed", 0, "timedOut"],
    ["pending", 0, null],
    ["pending", 0, null],
  ];
  const running: Plan[] = [
    ["done", 100, null],
    ["done", 100, null],
    ["installing", 50, null],
    ["downloading", 62, null],
    ["downloading", 20, null],
    ["pending", 0, null],
    ["pending", 0, null],
  ];
  const targets = (rolloutId: string, plans: Plan[], from: number, sentMinutesAgo: number) =>
    plans.flatMap(([state, percent, failure], i) => {
      const checker = checkers[(from + i) % checkers.length];
      if (!checker) return [];
      const sent = state === "pending" ? null : minutesAgo(sentMinutesAgo - i);
      return [
        {
          rollout_id: rolloutId,
          device_id: Number(checker.id),
          state,
          percent,
          failure,
          from_firmware: checker.firmware,
          sent_at: sent,
          reported_at: sent,
          updated_at: sent ?? minutesAgo(sentMinutesAgo),
        },
      ];
    });
  await db
    .insertInto("firmware_rollout_targets")
    .values([...targets(haltedId, halted, 5, 199), ...targets(runningId, running, 0, 11)])
    .execute();
  return { runningId, haltedId };
}
