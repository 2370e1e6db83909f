import { HEARTBEAT_MS } from "@vrf/contract/constants.ts";
import { HEARTBEAT_TEXT, liveSocketPath, type TLiveMessage, ZLiveMessage } from "@vrf/contract/live.ts";
import { reconnectDelay } from "./backoff.ts";
import { toastError } from "./feedback.ts";
import { translate } from "./i18n.ts";
import { getToken, getWebClientId, readStorage, StorageKey } from "./storage.ts";

/**
 * The live-control socket (SPEC sections 4 and 7, decision 0004). The guard opens it on every
 * signed-in page of both modules and closes it when signed out or outside a module; both calls
 * are idempotent. It carries the checker module's wifiId toasts and, for both modules, device
 * events (lib/device-events.ts). After a dropped connection is re-established, `subscribeLiveReconnect`
 * listeners run: events sent meanwhile are lost, so pages refetch what they show.
 */
type LiveListener = (message: TLiveMessage) => void;

let socket: WebSocket | null = null;
let wanted = false;
let attempt = 0;
let heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
/** A connection was open since the socket was last wanted: the next open is a reconnect. */
let connectedBefore = false;
const listeners = new Set<LiveListener>();
const reconnectListeners = new Set<() => void>();

/** Feature pages (device lists, details, dashboards) subscribe to live messages here. */
export const subscribeLive = (listener: LiveListener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Runs `listener` each time the socket is open again after a drop (not on the first open). */
export const subscribeLiveReconnect = (listener: () => void): (() => void) => {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
};

const clearHeartbeat = () => {
  if (heartbeatTimer !== null) clearTimeout(heartbeatTimer);
  heartbeatTimer = null;
};

const scheduleHeartbeat = () => {
  clearHeartbeat();
  heartbeatTimer = setTimeout(() => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(HEARTBEAT_TEXT);
    scheduleHeartbeat();
  }, HEARTBEAT_MS);
};

const socketUrl = (): string | null => {
  const customerId = readStorage(StorageKey.customerId);
  const token = getToken();
  if (!customerId || !token) return null;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}${liveSocketPath(customerId, getWebClientId(), token)}`;
};

const handleMessage = (event: MessageEvent) => {
  if (typeof event.data !== "string" || event.data === HEARTBEAT_TEXT) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.data);
  } catch {
    return;
  }
  const result = ZLiveMessage.safeParse(parsed);
  if (!result.success) return;
  const message = result.data;
  if (message.wifiId) {
    toastError(translate("common:live.ackTimeout", { id: message.wifiId }), 5);
    scheduleHeartbeat();
  }
  for (const listener of listeners) listener(message);
};

const scheduleReconnect = () => {
  if (!wanted || reconnectTimer !== null) return;
  const delay = reconnectDelay(attempt);
  attempt += 1;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    connect();
  }, delay);
};

function connect(): void {
  if (!wanted || socket) return;
  const url = socketUrl();
  if (!url) return;
  const current = new WebSocket(url);
  socket = current;
  current.addEventListener("open", () => {
    attempt = 0;
    scheduleHeartbeat();
    if (connectedBefore) for (const listener of reconnectListeners) listener();
    connectedBefore = true;
  });
  current.addEventListener("message", handleMessage);
  const drop = () => {
    if (socket !== current) return;
    socket = null;
    clearHeartbeat();
    scheduleReconnect();
  };
  current.addEventListener("close", drop);
  current.addEventListener("error", () => {
    // SPEC: on error the connection is dropped and re-created.
    current.close();
    drop();
  });
}

export const openLiveSocket = (): void => {
  if (typeof WebSocket === "undefined") return;
  wanted = true;
  connect();
};

export const closeLiveSocket = (): void => {
  wanted = false;
  attempt = 0;
  connectedBefore = false;
  if (reconnectTimer !== null) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  clearHeartbeat();
  const current = socket;
  socket = null;
  if (current && current.readyState !== WebSocket.CLOSED) current.close(1000);
};

export const isLiveSocketOpen = (): boolean => socket?.readyState === WebSocket.OPEN;
