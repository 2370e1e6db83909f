import type { TLiveMessage } from "@vrf/contract/live.ts";
import type { WebSocket } from "ws";

interface Connection {
  socket: WebSocket;
  customerId: string;
  sessionId: number;
  lastHeardAt: number;
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
    add(socket: WebSocket, customerId: string, sessionId: number) {
      const connection: Connection = { socket, customerId, sessionId, lastHeardAt: now() };
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
