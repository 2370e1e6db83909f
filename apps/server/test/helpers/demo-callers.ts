import type { TestApp } from "./test-app.ts";

/** The demo data's organisations by name, as the seed writes them. */
export interface DemoOrganisations {
  distributor: number;
  sub: number;
  other: number;
}

/**
 * Module tokens of the demo callers most tests need (the distributor, its sub-distributor, another
 * tenant's distributor, and a service engineer in Hi-Checker) and their organisations' ids.
 */
export async function demoCallers(t: TestApp) {
  const [distributor, sub, other, checker] = await Promise.all([
    t.moduleToken("distributor@example.com", 2),
    t.moduleToken("subdistributor@example.com", 2),
    t.moduleToken("other@example.com", 2),
    t.moduleToken("checker@example.com", 5),
  ]);
  const rows = await t.db.selectFrom("organisations").select(["id", "name"]).execute();
  const id = (name: string) => Number(rows.find((r) => r.name === name)?.id);
  const orgs: DemoOrganisations = {
    distributor: id("Demo Distributor"),
    sub: id("Demo Sub-distributor"),
    other: id("Other Distributor"),
  };
  return { tokens: { distributor, sub, other, checker }, orgs };
}
