import type { DemoContext } from "./context.ts";

/** Demo data: months of fault history on the seeded devices. */
export async function seedDemoFaults(_ctx: DemoContext): Promise<void> {}
