import { useQuery } from "@tanstack/react-query";
import type { TCommandStatus, TDeviceCommand } from "@vrf/contract/devices/commands.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { isLiveSocketOpen } from "../../../lib/live-socket.ts";
import { useDeviceEventListener } from "../../../lib/use-device-events.ts";
import { advanceStatus, isFinalStatus } from "../utils/command-status.ts";
import { useDeviceModule } from "../utils/device-module.ts";

/** Without the live socket, a command's progress is read this often. */
export const FALLBACK_POLL_MS = 2_000;
/** With it, a slower check still catches an event that was lost. */
const SAFETY_POLL_MS = 6_000;
/** Events heard for commands not (yet) tracked: the ack can beat the POST's answer. */
const EARLY_EVENTS_KEPT = 20;

export interface TrackedCommand {
  id: string;
  status: TCommandStatus;
}

/**
 * Follows one command of a device from its POST answer to its result: live from the socket's
 * command events, and by reading the command itself every 2 s while the socket is down (a slower
 * check while it is up, in case an event is lost). The status only moves forward.
 */
export const useCommandTracker = (deviceId: number) => {
  const module = useDeviceModule();
  const [command, setCommand] = useState<TrackedCommand | null>(null);
  const early = useRef(new Map<string, string>());

  const trackedId = useRef<string | null>(null);
  trackedId.current = command?.id ?? null;

  useDeviceEventListener((event) => {
    if (event.type !== "command" || event.deviceId !== deviceId) return;
    if (trackedId.current !== event.commandId) {
      early.current.set(event.commandId, event.status);
      if (early.current.size > EARLY_EVENTS_KEPT) early.current.delete(early.current.keys().next().value as string);
      return;
    }
    setCommand((tracked) =>
      tracked?.id === event.commandId ? { ...tracked, status: advanceStatus(tracked.status, event.status) } : tracked,
    );
  });

  const open = command !== null && !isFinalStatus(command.status);
  const commandId = command?.id ?? null;
  const poll = useQuery({
    queryKey: ["devices", "command-progress", deviceId, commandId, module.key],
    queryFn: ({ signal }) => module.command(deviceId, commandId as string, { signal }),
    enabled: open,
    refetchInterval: () => (isLiveSocketOpen() ? SAFETY_POLL_MS : FALLBACK_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const polled = poll.data && poll.data.id === commandId ? poll.data.status : undefined;
  useEffect(() => {
    if (!polled) return;
    setCommand((tracked) => (tracked ? { ...tracked, status: advanceStatus(tracked.status, polled) } : tracked));
  }, [polled]);

  /** Starts following the command a POST answered with. */
  const track = useCallback((sent: TDeviceCommand) => {
    const heard = early.current.get(sent.id);
    early.current.clear();
    trackedId.current = sent.id;
    setCommand({ id: sent.id, status: heard ? advanceStatus(sent.status, heard) : sent.status });
  }, []);

  const reset = useCallback(() => {
    trackedId.current = null;
    setCommand(null);
  }, []);

  return { command, inFlight: open, track, reset };
};
