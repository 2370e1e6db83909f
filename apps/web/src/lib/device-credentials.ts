import type { TDeviceCredentials } from "@vrf/contract/devices/credentials.ts";
import { csvText } from "./csv.ts";

/** Device credentials as a CSV a technician loads into the devices: username (serial number), password, issued. */
export const credentialsCsv = (
  credentials: readonly TDeviceCredentials[],
  labels: { username: string; password: string; issuedAt: string },
): string =>
  csvText([
    [labels.username, labels.password, labels.issuedAt],
    ...credentials.map((c) => [c.username, c.password, c.issuedAt]),
  ]);
