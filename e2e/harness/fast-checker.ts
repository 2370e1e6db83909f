import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import { type DemoDevice, issuePassword, simulatedDevice } from "./devices.ts";
import type { E2eServer } from "./start-server.ts";

/**
 * A started simulated checker whose task time runs 60 times faster: a capture interval of 60 s
 * grabs a batch of frames every second, and a task that ends in two minutes ends in two seconds.
 */
export async function startFastChecker(server: E2eServer, device: DemoDevice): Promise<SimulatedDevice> {
  const simulated = simulatedDevice(server, device, "checker", await issuePassword(server, device), {
    telemetryIntervalMs: 60_000,
    progressStepMs: 10,
    ackDelayMs: [200, 400],
    timeScale: 60,
  });
  await simulated.start();
  return simulated;
}

/** A local "YYYY-MM-DD HH:mm" some minutes ahead, as the end-time picker takes it typed. */
export const minutesAhead = (minutes: number) => {
  const at = new Date(Date.now() + minutes * 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
};
