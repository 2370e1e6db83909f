import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import { okEnvelope } from "@vrf/contract/envelope.ts";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
type Encoding = "br" | "gzip" | "identity";
const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip", "identity"] });

/**
 * An answer kept in its wire form: the envelope's JSON once, each compressed form the first time a
 * client asks for it, and an ETag, so a repeated call costs neither the query nor the encoding nor
 * the compression, and a browser that has it gets a 304. For large answers that change far less
 * often than they are read (the map's points for a whole channel).
 */
export class PreparedAnswer {
  readonly etag: string;
  private readonly forms = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly json: Buffer,
    tag: string,
  ) {
    this.etag = `"${tag}"`;
    this.forms.set("identity", Promise.resolve(json));
  }

  /** The body in `encoding`; brotli at quality 4 as for every other API answer (app.ts). */
  encoded(encoding: Encoding): Promise<Buffer> {
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === "br"
          ? brotli(this.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipped(this.json);
      this.forms.set(encoding, form);
    }
    return form;
  }
}

/** Sends a prepared answer: 304 when the client holds it, else the best encoding it accepts. */
export async function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  // The answer depends on the caller's token and may change at any moment: the browser keeps it
  // for itself only and asks each time (a 304 costs a few bytes).
  reply.header("cache-control", "private, no-cache").header("etag", answer.etag).header("vary", "Accept-Encoding");
  const held = request.headers["if-none-match"];
  if (held?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag)) {
    return reply.code(304).send();
  }
  const encoding = negotiator.negotiate(String(request.headers["accept-encoding"] ?? "")) ?? "identity";
  const body = await answer.encoded(encoding);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.header("content-type", "application/json; charset=utf-8").send(body);
}

/**
 * Prepared answers by key, each valid for one version of what it was built from. The caller reads
 * the version before building (a change committed meanwhile then makes the next call a miss, never
 * a stale hit). Only finished answers are kept: a build belongs to its own request and is cancelled
 * with it (plugins/cancel-on-disconnect.ts), so others do not wait on it. The least recently used
 * entry goes first once `maxEntries` are held.
 */
export const createAnswerCache = (options: {
  maxEntries: number;
  /** Larger answers are sent but not kept. */
  maxBytes?: number;
  /** The JSON of every kept answer together stays under this; the least recently used go first. */
  maxTotalBytes?: number;
}) => {
  const entries = new Map<string, { version: string; answer: PreparedAnswer }>();
  let totalBytes = 0;
  const tagOf = (key: string, version: string) =>
    createHash("sha256").update(key).update("\0").update(version).digest("base64url").slice(0, 22);
  const forget = (key: string) => {
    const held = entries.get(key);
    if (!held) return;
    entries.delete(key);
    totalBytes -= held.answer.json.length;
  };
  const oldest = () => entries.keys().next().value as string;
  return {
    /**
     * The answer for `key` at `version`, built (and kept) when none is held. `encode` writes the
     * envelope's JSON; by default `JSON.stringify`, a route passes its compiled serializer.
     */
    async get(
      key: string,
      version: string,
      build: () => Promise<unknown>,
      encode: (data: unknown) => string = (data) => JSON.stringify(okEnvelope(data)),
    ): Promise<PreparedAnswer> {
      const held = entries.get(key);
      if (held && held.version === version) {
        entries.delete(key);
        entries.set(key, held);
        return held.answer;
      }
      const answer = new PreparedAnswer(Buffer.from(encode(await build())), tagOf(key, version));
      forget(key);
      const bytes = answer.json.length;
      if (options.maxBytes !== undefined && bytes > options.maxBytes) return answer;
      while (entries.size > 0 && entries.size >= options.maxEntries) forget(oldest());
      while (entries.size > 0 && options.maxTotalBytes !== undefined && totalBytes + bytes > options.maxTotalBytes)
        forget(oldest());
      entries.set(key, { version, answer });
      totalBytes += bytes;
      return answer;
    },
    get size() {
      return entries.size;
    },
    /** The JSON bytes of the answers kept (their compressed forms come on top, a quarter or less). */
    get bytes() {
      return totalBytes;
    },
  };
};

export type AnswerCache = ReturnType<typeof createAnswerCache>;
