import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { PROJECTS_LIVE } from "./query-keys.ts";

/** Keeps the project pages (list, detail, map) live: device state and faults change what they show. */
export const useProjectsLive = (): void => useDeviceEvents(PROJECTS_LIVE);
