import { type DemoContext, daysAgo } from "./context.ts";

/**
 * Distributor organisations around "Demo Distributor", one per review state, so the
 * management page shows every status and the invited side has something to answer:
 * - Berlin: added but not submitted; Paris: under review (sub-paris can accept or return it);
 * - Milan: associated once, then released; Madrid: returned with a reason;
 * - Lisbon: no link yet, free to be invited.
 */
const DEMO_SUB_DISTRIBUTORS = [
  { city: "Berlin", status: 0, note: "Northern Germany installers", days: 3 },
  { city: "Paris", status: 1, note: "Île-de-France service partner", days: 6 },
  { city: "Milan", status: 3, note: "Lombardy, contract ended", days: 90 },
  { city: "Madrid", status: 4, note: "Central Spain", days: 20 },
  { city: "Lisbon", status: null, note: "", days: 0 },
] as const;

const RETURN_REASON = "We already work with another distributor in this region.";

/** The path each status went through, as (from, to, days after the link was added). */
const HISTORY: Record<number, Array<[number | null, number, number]>> = {
  0: [[null, 0, 0]],
  1: [
    [null, 0, 0],
    [0, 1, 1],
  ],
  3: [
    [null, 0, 0],
    [0, 1, 1],
    [1, 2, 2],
    [2, 3, 60],
  ],
  4: [
    [null, 0, 0],
    [0, 1, 1],
    [1, 4, 3],
  ],
};

export async function seedDemoSubDistributors(ctx: DemoContext): Promise<void> {
  const { trx, now, passwordHash } = ctx;
  const parentId = ctx.organisations.get("Demo Distributor") as number;
  const parentAccount = ctx.accounts.get("distributor@example.com") as number;

  for (const demo of DEMO_SUB_DISTRIBUTORS) {
    const name = `${demo.city} Climate Distribution`;
    const email = `sub-${demo.city.toLowerCase()}@example.com`;
    const org = await trx.insertInto("organisations").values({ name }).returning("id").executeTakeFirstOrThrow();
    const account = await trx
      .insertInto("accounts")
      .values({
        email,
        password_hash: passwordHash,
        name,
        organisation_id: org.id,
        authorities: "2",
        role_num: 1,
        language_id: 1,
        privacy_version: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ctx.organisations.set(name, org.id);
    ctx.accounts.set(email, account.id);
    await trx
      .insertInto("profiles")
      .values({
        account_id: account.id,
        first_name: demo.city,
        surname: "Climate",
        phone: "+49 30 1234 5678",
        language_id: 1,
        street: "Main Street",
        house_number: "10",
        city: demo.city,
        country: "",
        zip: "10115",
        updated_at: now,
      })
      .execute();

    if (demo.status === null) continue;
    const steps = HISTORY[demo.status] ?? [];
    const addedAt = daysAgo(now, demo.days);
    const lastStep = steps.at(-1)?.[2] ?? 0;
    const link = await trx
      .insertInto("sub_distributor_links")
      .values({
        parent_organisation_id: parentId,
        child_organisation_id: org.id,
        invited_account_id: account.id,
        note: demo.note,
        status: demo.status,
        return_reason: demo.status === 4 ? RETURN_REASON : null,
        created_by: parentAccount,
        created_at: addedAt,
        updated_at: daysAgo(now, demo.days - lastStep),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("sub_distributor_events")
      .values(
        steps.map(([from, to, after]) => ({
          link_id: link.id,
          from_status: from,
          to_status: to,
          reason: to === 4 ? RETURN_REASON : null,
          // The invited side answers a review; the distributor does everything else.
          actor_account_id: from === 1 ? account.id : parentAccount,
          created_at: daysAgo(now, demo.days - after),
        })),
      )
      .execute();
  }
}
