import type { LiveKeyMap } from "../../../lib/device-events.ts";

/** Fault records and their statistics change with every fault a device raises or clears. */
export const FAULTS_LIVE: LiveKeyMap = {
  faults: [
    ["faults", "list"],
    ["faults", "stats"],
  ],
};
