import type { LiveKeyMap } from "../../../lib/device-events.ts";
import type { FaultModule } from "../utils/fault-module.ts";

type Prefix = FaultModule["keyPrefix"];

/** Each module's fault queries under its own prefix (`FaultModule.keyPrefix`), so their caches never mix. */
export const faultKeys = (prefix: Prefix) => ({
  list: (params: unknown) => [prefix, "list", params] as const,
  stats: (params: unknown) => [prefix, "stats", params] as const,
  codes: [prefix, "codes"] as const,
  deviceOptions: (params: unknown) => [prefix, "device-options", params] as const,
});

/** Fault records and their statistics change with every fault a device raises or clears. */
export const faultsLive = (prefix: Prefix): LiveKeyMap => ({
  faults: [
    [prefix, "list"],
    [prefix, "stats"],
  ],
});
