import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Fastify's own line per request received and per request answered, written at `debug` instead of
 * `info`: a short walk through the web app makes thousands of them (every asset, call and socket),
 * which buried the lines that matter. LOG_LEVEL=debug brings them back; a request that failed is
 * still logged as an error at any level.
 */
export class RequestLogsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest, _reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    // The request again, so the answer's line alone says what was asked.
    else reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }

  // A browser that leaves a page mid-download is ordinary traffic too.
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") {
      reply.log.debug({ res: reply }, "stream closed prematurely");
    } else {
      reply.log.warn({ err: error }, "response terminated with an error with headers already sent");
    }
  }
}
