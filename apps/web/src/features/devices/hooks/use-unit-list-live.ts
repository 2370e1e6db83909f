import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { unitEventMatters, unitListLive } from "../utils/live-keys.ts";

/**
 * Keeps a unit list live. On one device's page only that device's reports count; across devices,
 * those of devices on the page, or all when the list's filter or sort follows the reports.
 */
export const useUnitListLive = (
  kind: "outdoor" | "indoor",
  rows: readonly { device: { id: number } }[] | undefined,
  scope: { deviceId: number } | { followsReports: boolean },
): void => {
  const shown = new Set((rows ?? []).map((row) => row.device.id));
  useDeviceEvents(unitListLive(kind), {
    match: (event) =>
      "deviceId" in scope ? event.deviceId === scope.deviceId : unitEventMatters(event, shown, scope.followsReports),
  });
};
