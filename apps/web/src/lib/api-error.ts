import { errorByCode } from "@vrf/contract/errors.ts";

/** errorCode used for failures that never reached a JSON envelope. */
export const TRANSPORT_ERROR_CODE = -1;

export type TransportFailure = "network" | "timeout" | "http" | "aborted";

/**
 * A call that did not succeed: either an envelope with errorCode != 0, or a
 * transport failure (no envelope: network down, timeout, HTTP error page).
 */
export class ApiError extends Error {
  readonly errorCode: number;
  readonly code: number;
  readonly httpStatus: number;
  readonly msg: string;
  /** i18next key, e.g. `errors:wrongPassword`; `errors:unknown` for codes outside the catalogue. */
  readonly messageKey: string;
  readonly transport: TransportFailure | null;

  constructor(init: {
    errorCode: number;
    code: number;
    httpStatus: number;
    msg: string;
    transport?: TransportFailure | null;
  }) {
    super(init.msg || `errorCode ${init.errorCode}`);
    this.name = "ApiError";
    this.errorCode = init.errorCode;
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.msg = init.msg;
    this.transport = init.transport ?? null;
    this.messageKey = init.transport ? `errors:${init.transport}` : messageKeyOf(init.errorCode);
  }

  get isTransport(): boolean {
    return this.transport !== null;
  }
}

export const messageKeyOf = (errorCode: number): string => {
  const definition = errorByCode(errorCode);
  return definition ? `errors:${definition.key}` : "errors:unknown";
};

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
