import { Server as NetServer, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Db } from "./db/open.ts";
import type { LiveHub } from "./live/live-hub.ts";
import { beginDraining } from "./plugins/health.ts";

export interface ShutdownOptions {
  app: FastifyInstance & { services: { live: Pick<LiveHub, "closeAll"> } };
  db: Db;
  /** Longest wait for requests in progress before the remaining connections are cut. */
  drainMs: number;
  /**
   * A kept-alive connection without a request is closed once it has been quiet this long. A busy
   * client sends its next request sooner and is told to leave with 503 + `Connection: close`, which
   * closes the connection cleanly; only quiet ones are closed from our side.
   */
  idleGraceMs?: number;
  exit?: (code: number) => void;
  /**
   * Stops device traffic and writes what is queued, side by side with the requests' drain and
   * within the same time (the device link's stop: nothing acknowledged is left unwritten).
   */
  stopDevices?: (withinMs: number) => Promise<void>;
}

interface Tracked {
  inFlight: number;
  quietSince: number;
  upgraded: boolean;
  ending: boolean;
}

const POLL_MS = 50;

/**
 * Follows the server's connections from now on and returns the shutdown to run on SIGTERM: stop
 * accepting, refuse new requests with 503 + `Connection: close`, let requests in progress finish
 * while device traffic stops and is written (both within drainMs), close live sockets with 1001,
 * close the database, exit 0. Call before listen.
 */
export function prepareShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { app, db, drainMs } = options;
  const idleGraceMs = options.idleGraceMs ?? 1_000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const server = app.server;
  const sockets = new Map<Socket, Tracked>();

  server.on("connection", (socket: Socket) => {
    sockets.set(socket, { inFlight: 0, quietSince: Date.now(), upgraded: false, ending: false });
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (request, response) => {
    const tracked = sockets.get(request.socket);
    if (!tracked) return;
    tracked.inFlight += 1;
    response.once("close", () => {
      tracked.inFlight -= 1;
      tracked.quietSince = Date.now();
    });
  });
  server.on("upgrade", (request) => {
    const tracked = sockets.get(request.socket);
    if (tracked) tracked.upgraded = true;
  });

  const drained = (deadline: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        const now = Date.now();
        for (const [socket, tracked] of sockets) {
          if (tracked.upgraded || tracked.ending || tracked.inFlight > 0) continue;
          if (now - tracked.quietSince < idleGraceMs) continue;
          tracked.ending = true;
          socket.end();
        }
        if (sockets.size === 0 || now >= deadline) {
          clearInterval(timer);
          resolve();
        }
      };
      const timer = setInterval(check, POLL_MS);
      check();
    });

  let started = false;
  return async (signal: string) => {
    if (started) return;
    started = true;
    app.log.info({ signal, connections: sockets.size }, "shutting down: draining connections");
    // If anything below hangs, the process still goes away.
    setTimeout(() => {
      app.log.error("shutdown did not finish in time");
      exit(1);
    }, drainMs + 10_000).unref();
    try {
      beginDraining(app);
      // net.Server's close stops accepting without http.Server's closeIdleConnections(), which
      // destroys kept-alive connections at once, including one whose client is sending a request
      // at that very moment (the client sees a reset).
      NetServer.prototype.close.call(server);
      app.services.live.closeAll(1001);
      const devices = options.stopDevices?.(drainMs).catch((error: unknown) => {
        app.log.warn({ reason: String(error) }, "device link did not stop cleanly");
      });
      await drained(Date.now() + drainMs);
      if (sockets.size > 0) app.log.warn({ connections: sockets.size }, "drain time over: closing the rest");
      for (const socket of sockets.keys()) socket.destroy();
      await devices;
      await app.close();
      await db.destroy();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      exit(1);
    }
  };
}
