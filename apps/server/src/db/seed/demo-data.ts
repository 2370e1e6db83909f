import { ANNOUNCEMENT_OFFSET_MS } from "@vrf/contract/time.ts";
import { hashPassword } from "../../modules/account/password-hash.ts";
import type { Db } from "../open.ts";
import { seedDemoChannel } from "./demo/channel.ts";
import type { DemoContext } from "./demo/context.ts";
import { seedDemoDeadLetters } from "./demo/dead-letters.ts";
import { seedDemoFaults } from "./demo/faults.ts";
import { seededRandom } from "./demo/random.ts";
import { seedDemoRepairReports } from "./demo/repair-reports.ts";
import { seedDemoSubDistributors } from "./demo/sub-distributors.ts";

export const DEMO_PASSWORD = "Demo1234";

export const DEMO_ACCOUNTS = [
  {
    email: "distributor@example.com",
    teamRole: "admin",
    name: "Demo Distributor",
    org: "Demo Distributor",
    authorities: "2,5",
    roleNum: 1,
    languageId: 0,
  },
  {
    email: "subdistributor@example.com",
    teamRole: "admin",
    name: "Demo Sub-distributor",
    org: "Demo Sub-distributor",
    authorities: "2",
    roleNum: 3,
    languageId: 1,
  },
  {
    email: "checker@example.com",
    teamRole: "member",
    name: "Service Engineer",
    org: "Demo Distributor",
    authorities: "5",
    roleNum: 1,
    languageId: 1,
  },
  {
    email: "other@example.com",
    teamRole: "admin",
    name: "Other Distributor",
    org: "Other Distributor",
    authorities: "2",
    roleNum: 1,
    languageId: 1,
  },
] as const;

/**
 * The demo tenants, accounts and announcements; written once, on the first
 * start of an empty database (an existing distributor@example.com means done).
 */
export async function seedDemoData(db: Db, options: { passwordCost: number; now: Date }): Promise<boolean> {
  const done = await db
    .selectFrom("accounts")
    .where("email", "=", DEMO_ACCOUNTS[0].email)
    .select("id")
    .executeTakeFirst();
  if (done) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD, options.passwordCost);

  await db.transaction().execute(async (trx) => {
    const orgIds = new Map<string, number>();
    for (const a of DEMO_ACCOUNTS) {
      if (orgIds.has(a.org)) continue;
      const org = await trx
        .insertInto("organisations")
        .values({ name: a.org })
        .returning("id")
        .executeTakeFirstOrThrow();
      orgIds.set(a.org, org.id);
    }
    const accountIds = new Map<string, number>();
    for (const a of DEMO_ACCOUNTS) {
      const account = await trx
        .insertInto("accounts")
        .values({
          email: a.email,
          password_hash: passwordHash,
          name: a.name,
          organisation_id: orgIds.get(a.org) as number,
          authorities: a.authorities,
          role_num: a.roleNum,
          team_role: a.teamRole,
          language_id: a.languageId,
          privacy_version: 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      accountIds.set(a.email, account.id);
      const [firstName, ...rest] = a.name.split(" ");
      await trx
        .insertInto("profiles")
        .values({
          account_id: account.id,
          first_name: firstName ?? a.name,
          surname: rest.join(" ") || "-",
          phone: "+86 532 8888 6666",
          language_id: a.languageId,
          street: "Haier Road",
          house_number: "1",
          city: "Qingdao",
          country: "CN",
          zip: "266101",
          updated_at: options.now,
        })
        .execute();
    }

    // Publication times are UTC+8 wall-clock ms, as the publishing tool enters them.
    const wall = (daysAgo: number) => options.now.getTime() + ANNOUNCEMENT_OFFSET_MS - daysAgo * 86_400_000;
    await trx
      .insertInto("announcements")
      .values([
        {
          format_id: 5,
          start_time: wall(1),
          end_time: null,
          authority_num: null,
          // Each language under `i18n`; the reader gets theirs only (announcement-language.ts).
          content: JSON.stringify({
            data: JSON.stringify({
              title: "Platform maintenance",
              text: "VRF Cloud will be upgraded on Sunday 02:00-04:00 (UTC+8).",
            }),
            content: "Platform maintenance on Sunday 02:00-04:00 (UTC+8).",
            i18n: {
              zh: {
                data: JSON.stringify({
                  title: "平台维护通知",
                  text: "VRF Cloud 将于周日 02:00-04:00（北京时间）升级。",
                }),
                content: "平台将于周日 02:00-04:00（北京时间）维护。",
              },
            },
          }),
        },
        {
          format_id: 7,
          start_time: wall(0.5),
          end_time: null,
          authority_num: 5,
          content: JSON.stringify({
            wifiid: "HC-8C1F640A2B01",
            warning: "Storage above 90%",
            i18n: { zh: { warning: "存储空间超过 90%" } },
          }),
        },
        {
          format_id: 8,
          start_time: wall(2),
          end_time: null,
          authority_num: null,
          content: JSON.stringify({
            type: 12,
            data: {
              title: "New firmware 2.4.0",
              text: "Hi-Mit firmware 2.4.0 improves fault reporting.",
            },
            i18n: { zh: { data: { title: "新固件 2.4.0", text: "Hi-Mit 固件 2.4.0 改进了故障上报。" } } },
          }),
        },
      ])
      .execute();

    const ctx: DemoContext = {
      trx,
      now: options.now,
      random: seededRandom(20260301),
      passwordHash,
      organisations: orgIds,
      accounts: accountIds,
    };
    await seedDemoChannel(ctx);
    await seedDemoSubDistributors(ctx);
    await seedDemoFaults(ctx);
    await seedDemoRepairReports(ctx);
    await seedDemoDeadLetters(ctx);
  });
  return true;
}
