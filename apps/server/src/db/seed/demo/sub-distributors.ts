import type { DemoContext } from "./context.ts";

/** Demo data: further sub-distributor organisations in every status. */
export async function seedDemoSubDistributors(_ctx: DemoContext): Promise<void> {}
