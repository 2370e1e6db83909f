import type { TLiveMessage } from "@vrf/contract/live.ts";
import type { WebSocket } from "ws";

interface Connection {
  socket: WebSocket;
  customerId: string;
  sessionId: number;
  lastHeardAt: number;
  /** Whose device events this socket may receive, re-read every SCOPE_TTL_MS. */
  scope: { holds: (event: ScopedEvent) => boolean; readAt: number; reading: boolean; read: () => Promise<LiveScope> };
}

/**
 * Whose device events a socket receives: its organisations' (Distributor Cloud), or exactly these
 * devices (the Hi-Checker module: the checkers of its scope, which may be bound ones of another
 * organisation, and none of its organisation's other devices).
 */
export type LiveScope = { organisationIds: number[] } | { deviceIds: number[] };

const NOTHING = () => false;
const holderOf = (scope: LiveScope): ((event: ScopedEvent) => boolean) => {
  if ("deviceIds" in scope) {
    const ids = new Set(scope.deviceIds);
    return (event) => ids.has(event.deviceId);
  }
  const ids = new Set(scope.organisationIds);
  return (event) => ids.has(event.organisationId);
};

/** How long a socket's scope is trusted before it is read again (a released sub-distributor drops out). */
export const SCOPE_TTL_MS = 10_000;

/** A device event as the hub needs it: whose it is and, for a command's result, who issued it. */
export interface ScopedEvent {
  organisationId: number;
  deviceId: number;
  customerId?: string;
}

/**
 * The open live-control sockets of this process. Messages for a customer go
 * to each of their open browser tabs.
 */
export const createLiveHub = (options: { idleCloseMs: number; now?: () => number }) => {
  const now = options.now ?? Date.now;
  const connections = new Set<Connection>();

  const sweep = setInterval(
    () => {
      const limit = now() - options.idleCloseMs;
      for (const c of connections) if (c.lastHeardAt < limit) c.socket.close(4408, "idle");
    },
    Math.min(options.idleCloseMs, 10_000),
  );
  sweep.unref();

  return {
    /** `scope` reads whose device events the session may receive; it is read now and every SCOPE_TTL_MS. */
    async add(
      socket: WebSocket,
      customerId: string,
      sessionId: number,
      scope: () => Promise<LiveScope> = async () => ({ organisationIds: [] }),
    ) {
      const connection: Connection = {
        socket,
        customerId,
        sessionId,
        lastHeardAt: now(),
        scope: { holds: holderOf(await scope()), readAt: now(), reading: false, read: scope },
      };
      // It may have closed while its scope was read.
      if (socket.readyState !== socket.OPEN) return;
      connections.add(connection);
      socket.on("message", () => {
        connection.lastHeardAt = now();
      });
      socket.on("close", () => connections.delete(connection));
    },

    publish(customerId: string, message: TLiveMessage): number {
      let sent = 0;
      for (const c of connections) {
        if (c.customerId === customerId && c.socket.readyState === c.socket.OPEN) {
          c.socket.send(JSON.stringify(message));
          sent += 1;
        }
      }
      return sent;
    },

    /**
     * A device event goes to the sockets whose scope holds it; a command's result only
     * to its issuer's. A scope older than SCOPE_TTL_MS is re-read first, so a release is honoured.
     */
    async publishDeviceEvent(event: ScopedEvent, message: TLiveMessage): Promise<number> {
      // Every device report makes an event: with no socket open, or none in scope, it costs nothing more.
      if (connections.size === 0) return 0;
      const at = now();
      const stale = [...connections].filter((c) => at - c.scope.readAt > SCOPE_TTL_MS && !c.scope.reading);
      if (stale.length > 0)
        await Promise.all(
          stale.map(async (c) => {
            c.scope.reading = true;
            try {
              c.scope.holds = holderOf(await c.scope.read());
              c.scope.readAt = now();
            } catch {
              // Unreadable now (database busy): this socket gets nothing until it can be read.
              c.scope.holds = NOTHING;
            } finally {
              c.scope.reading = false;
            }
          }),
        );
      let sent = 0;
      let text: string | null = null;
      for (const c of connections) {
        if (!c.scope.holds(event)) continue;
        if (event.customerId !== undefined && c.customerId !== event.customerId) continue;
        if (c.socket.readyState !== c.socket.OPEN) continue;
        text ??= JSON.stringify(message);
        c.socket.send(text);
        sent += 1;
      }
      return sent;
    },

    /** Sessions that ended (logout, password change) lose their sockets at once. */
    closeSessions(sessionIds: number[]) {
      const ended = new Set(sessionIds);
      for (const c of connections) if (ended.has(c.sessionId)) c.socket.close(4401, "session ended");
    },

    closeAll(code = 1001) {
      clearInterval(sweep);
      for (const c of connections) c.socket.close(code, "server shutting down");
    },

    size: () => connections.size,
  };
};

export type LiveHub = ReturnType<typeof createLiveHub>;
