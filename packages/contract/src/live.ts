import { z } from "zod";

/** Path of the live-control socket; the server accepts only a session of that customer. */
export const LIVE_SOCKET_PATH = "/server/control/:customerId/:webClientId";
export const liveSocketPath = (customerId: string, webClientId: string, token: string) =>
  `/server/control/${encodeURIComponent(customerId)}/${encodeURIComponent(webClientId)}?token=${encodeURIComponent(token)}`;

export const HEARTBEAT_TEXT = "HeartBeat";

/** Sockets silent for longer than this are closed by the server (two missed heartbeats and a margin). */
export const SOCKET_IDLE_CLOSE_MS = 100_000;

export const ZLiveMessage = z.object({
  type: z.string(),
  wifiId: z.string().optional(),
  payload: z.unknown().optional(),
});
export type TLiveMessage = z.infer<typeof ZLiveMessage>;
