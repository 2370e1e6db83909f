import type { DemoContext } from "./context.ts";

/** Demo data: repair reports in every status. */
export async function seedDemoRepairReports(_ctx: DemoContext): Promise<void> {}
