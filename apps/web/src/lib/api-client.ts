import { REQUEST_TIMEOUT_MS } from "@vrf/contract/constants.ts";
import type { Endpoint, RequestOf, ResponseOf } from "@vrf/contract/endpoint.ts";
import { ApiError, type TransportFailure } from "./api-error.ts";
import { currentLanguage, currentLanguageId } from "./i18n.ts";
import { buildRequest, commonData } from "./request-builder.ts";
import { reactToSessionError, toastTransportFailure } from "./session-reactions.ts";
import { getAuthorityNum, getToken } from "./storage.ts";

export interface CallOptions {
  /** No toast on network/HTTP failure (the error is still thrown). */
  silent?: boolean;
  signal?: AbortSignal;
  /** The token to send instead of the stored one (the sign-in's own token opens a module session). */
  token?: string;
  /** How long the call may take, its body included, instead of the usual 20 s (a large file's download). */
  timeoutMs?: number;
}

interface Envelope {
  errorCode: number;
  code: number;
  msg: string;
  data: unknown;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Envelope).errorCode === "number" &&
  typeof (value as Envelope).code === "number";

const randomString = (): string => Math.random().toString(36).slice(2, 12);

const transportError = (failure: TransportFailure, httpStatus: number, silent: boolean | undefined): ApiError => {
  toastTransportFailure(failure, httpStatus, silent);
  return new ApiError({ errorCode: -1, code: 0, httpStatus, msg: failure, transport: failure });
};

/**
 * Calls one contract endpoint. Resolves with `data` of a successful envelope;
 * throws `ApiError` otherwise (see SPEC section 8 for the reactions built in).
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const request = buildRequest(endpoint, input, {
    language: currentLanguage(),
    common: commonData({
      now: Date.now(),
      languageId: currentLanguageId(),
      authorityNum: getAuthorityNum(),
      randStr: randomString(),
    }),
    token: options.token ?? getToken(),
  });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener("abort", forwardAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  try {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        credentials: "same-origin",
      });
    } catch {
      const failure: TransportFailure = timedOut ? "timeout" : options.signal?.aborted ? "aborted" : "network";
      throw transportError(failure, 0, options.silent);
    }

    const contentType = response.headers.get("content-type") ?? "";
    if (!contentType.includes("json")) {
      // Binary responses (downloads) pass through untouched.
      if (response.ok) return (await response.blob()) as ResponseOf<E>;
      throw transportError("http", response.status, options.silent);
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw transportError(timedOut ? "timeout" : "http", response.status, options.silent);
    }
    if (!isEnvelope(body)) throw transportError("http", response.status, options.silent);

    if (body.errorCode === 0) {
      const parsed = endpoint.response.safeParse(body.data);
      if (parsed.success) return parsed.data as ResponseOf<E>;
      console.warn(`Response of ${endpoint.path} does not match the contract`, parsed.error.issues);
      return body.data as ResponseOf<E>;
    }

    reactToSessionError(body.errorCode, body.code);
    throw new ApiError({ errorCode: body.errorCode, code: body.code, httpStatus: response.status, msg: body.msg });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }
}
