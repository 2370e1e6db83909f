import type { z } from "zod";
import { ApiError, type TransportFailure } from "./api-error.ts";
import { currentLanguage, currentLanguageId } from "./i18n.ts";
import { commonData } from "./request-builder.ts";
import { reactToSessionError, toastTransportFailure } from "./session-reactions.ts";
import { getAuthorityNum, getToken } from "./storage.ts";

/** An endpoint that takes one file as multipart form data and answers with the JSON envelope. */
export interface UploadEndpoint<Res extends z.ZodType = z.ZodType> {
  method: "POST";
  path: string;
  fileField: string;
  response: Res;
}

export interface UploadOptions {
  /** Called with 0..1 as the file goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** No toast on network/HTTP failure (the error is still thrown). */
  silent?: boolean;
  /** More form fields, sent before the file so the server can check them before reading it. */
  fields?: Record<string, string>;
  /** How long the whole upload may take; large packages need longer than a spreadsheet. */
  timeoutMs?: number;
}

/** A refused upload; `data` holds the server's detail (e.g. which columns are missing). */
export class UploadError extends ApiError {
  readonly data: unknown;

  constructor(init: ConstructorParameters<typeof ApiError>[0] & { data?: unknown }) {
    super(init);
    this.name = "UploadError";
    this.data = init.data ?? null;
  }
}

// A 10 MB file on a slow line plus the server's check of every row takes longer than a JSON call's 20 s.
const UPLOAD_TIMEOUT_MS = 120_000;

const transportError = (failure: TransportFailure, httpStatus: number, silent: boolean | undefined) => {
  toastTransportFailure(failure, httpStatus, silent);
  return new UploadError({ errorCode: -1, code: 0, httpStatus, msg: failure, transport: failure });
};

/**
 * Sends one file to an upload endpoint with SPEC section 3's common data as
 * form fields and the token in the Authorization header (the server reads the
 * session before the body). XMLHttpRequest rather than fetch, for upload progress.
 */
export function upload<Res extends z.ZodType>(
  endpoint: UploadEndpoint<Res>,
  file: File,
  options: UploadOptions = {},
): Promise<z.output<Res>> {
  const token = getToken();
  const form = new FormData();
  const common = commonData({
    now: Date.now(),
    languageId: currentLanguageId(),
    authorityNum: getAuthorityNum(),
    randStr: Math.random().toString(36).slice(2, 12),
  });
  for (const [key, value] of Object.entries(common)) form.append(key, String(value));
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(endpoint.fileField, file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpoint.path);
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", `zh_CN,${currentLanguage()}`);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);

    const abort = () => xhr.abort();
    options.signal?.addEventListener("abort", abort, { once: true });
    const settle = () => options.signal?.removeEventListener("abort", abort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => {
      settle();
      reject(transportError("network", 0, options.silent));
    };
    xhr.ontimeout = () => {
      settle();
      reject(transportError("timeout", 0, options.silent));
    };
    xhr.onabort = () => {
      settle();
      reject(transportError("aborted", 0, true));
    };
    xhr.onload = () => {
      settle();
      const body = xhr.response as { errorCode?: unknown; code?: unknown; msg?: unknown; data?: unknown } | null;
      if (!body || typeof body.errorCode !== "number" || typeof body.code !== "number") {
        reject(transportError("http", xhr.status, options.silent));
        return;
      }
      if (body.errorCode === 0) {
        const parsed = endpoint.response.safeParse(body.data);
        if (!parsed.success)
          console.warn(`Response of ${endpoint.path} does not match the contract`, parsed.error.issues);
        resolve((parsed.success ? parsed.data : body.data) as z.output<Res>);
        return;
      }
      reactToSessionError(body.errorCode, body.code);
      reject(
        new UploadError({
          errorCode: body.errorCode,
          code: body.code,
          httpStatus: xhr.status,
          msg: String(body.msg ?? ""),
          data: body.data,
        }),
      );
    };
    if (options.signal?.aborted) {
      settle();
      reject(transportError("aborted", 0, true));
      return;
    }
    xhr.send(form);
  });
}
