import { REQUEST_TIMEOUT_MS } from "@vrf/contract/constants.ts";
import type { Endpoint, RequestOf, ResponseOf } from "@vrf/contract/endpoint.ts";
import { Errors, LOGOUT_CONFIRM_CODES } from "@vrf/contract/errors.ts";
import { ApiError, type TransportFailure } from "./api-error.ts";
import { confirmDialog, toastError } from "./feedback.ts";
import { currentLanguage, currentLanguageId, translate } from "./i18n.ts";
import { buildRequest, commonData } from "./request-builder.ts";
import { clearSession } from "./session.ts";
import { getAuthorityNum, getToken, removeToken } from "./storage.ts";

export interface CallOptions {
  /** No toast on network/HTTP failure (the error is still thrown). */
  silent?: boolean;
  signal?: AbortSignal;
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

let logoutConfirmOpen = false;

/** SPEC section 8: one "Confirm logout" box at a time, however many calls fail together. */
const confirmLogout = (): void => {
  if (logoutConfirmOpen) return;
  logoutConfirmOpen = true;
  confirmDialog({
    title: translate("common:logoutConfirm.title"),
    content: translate("common:logoutConfirm.content"),
    okText: translate("common:logoutConfirm.relogin"),
    cancelText: translate("common:actions.cancel"),
    afterClose: () => {
      logoutConfirmOpen = false;
    },
    onOk: () => {
      clearSession();
      window.location.reload();
    },
  });
};

/** Session reactions of SPEC section 8; every other error is only thrown to the caller. */
const reactToSessionError = (envelope: Envelope): void => {
  if (envelope.errorCode === Errors.accountTokenInvalid.errorCode) {
    removeToken();
    return;
  }
  if (envelope.errorCode === Errors.illegalToken.errorCode) {
    // Straight to sign-in; the confirm box would only repeat what the login page says.
    clearSession();
    if (typeof window !== "undefined") window.location.hash = "#/login";
    return;
  }
  if (LOGOUT_CONFIRM_CODES.includes(envelope.code)) confirmLogout();
};

const transportError = (failure: TransportFailure, httpStatus: number, silent: boolean | undefined): ApiError => {
  const error = new ApiError({ errorCode: -1, code: 0, httpStatus, msg: failure, transport: failure });
  if (!silent && failure !== "aborted") {
    const text = failure === "http" ? translate("errors:http", { status: httpStatus }) : translate(`errors:${failure}`);
    // Keyed by text so a burst of identical failures shows one toast.
    toastError(text, 5, `transport-${failure}-${httpStatus}`);
  }
  return error;
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
      token: getToken(),
      authorityNum: getAuthorityNum(),
      randStr: randomString(),
    }),
  });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
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

    reactToSessionError(body);
    throw new ApiError({ errorCode: body.errorCode, code: body.code, httpStatus: response.status, msg: body.msg });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }
}
