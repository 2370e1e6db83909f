/**
 * The error catalogue: SPEC section 8's server codes plus our own (7xxxxx).
 * `http` is the class a client can rely on; `key` is the text key in the
 * web's `errors` locale file (both languages); `code` overrides the envelope's
 * `code` where the SPEC gives a session code the web reacts to.
 */
export interface ErrorDefinition {
  errorCode: number;
  http: number;
  key: string;
  code?: number;
}

const def = (errorCode: number, http: number, key: string, code?: number): ErrorDefinition =>
  code === undefined ? { errorCode, http, key } : { errorCode, http, key, code };

export const Errors = {
  parameterError: def(100014, 400, "parameterError"),
  accountTokenInvalid: def(100026, 401, "accountTokenInvalid"),
  internal: def(600500, 500, "internal"),
  parameterEmpty: def(600401, 400, "parameterEmpty"),
  parameterInvalid: def(600402, 400, "parameterInvalid"),
  illegalPhone: def(600701, 400, "illegalPhone"),
  invalidCode: def(600703, 400, "invalidCode"),
  userNotFound: def(600708, 404, "userNotFound"),
  oldPasswordWrong: def(600709, 400, "oldPasswordWrong"),
  passwordLength: def(600713, 400, "passwordLength"),
  passwordFormat: def(600714, 400, "passwordFormat"),
  emailFormat: def(600715, 400, "emailFormat"),
  codeTooFrequent: def(600719, 429, "codeTooFrequent"),
  codeLocked: def(600720, 429, "codeLocked"),
  mailboxRegistered: def(600901, 409, "mailboxRegistered"),
  mailboxNotRegistered: def(600902, 404, "mailboxNotRegistered"),
  invalidAccount: def(600904, 401, "invalidAccount"),
  wrongPassword: def(600905, 401, "wrongPassword"),
  invalidFile: def(600908, 400, "invalidFile"),
  notFound: def(600909, 404, "notFound"),
  samePassword: def(600917, 400, "samePassword"),
  accountLocked: def(600925, 429, "accountLocked"),
  tokenExpired: def(611701, 401, "tokenExpired", 50014),
  illegalToken: def(611702, 401, "illegalToken", 50008),
  profileExists: def(611703, 409, "profileExists"),
  profileMissingForUpdate: def(611704, 404, "profileMissingForUpdate"),
  mailboxCannotChange: def(611705, 400, "mailboxCannotChange"),
  profileMissing: def(611706, 404, "profileMissing"),
  privacyAgreementMissing: def(611707, 404, "privacyAgreementMissing"),
  // Our own codes.
  sessionEnded: def(700001, 401, "sessionEnded", 50012),
  forbidden: def(700003, 403, "forbidden"),
  routeNotFound: def(700004, 404, "routeNotFound"),
  tooManyRequests: def(700029, 429, "tooManyRequests"),
  // The database is away (restart, fail-over) or this instance is shutting down: try again shortly.
  databaseUnavailable: def(700503, 503, "serviceUnavailable"),
  shuttingDown: def(700504, 503, "serviceUnavailable"),
  // A statement ran past its statement timeout: the same request will take as long again, a narrower one may not.
  queryTimeout: def(700505, 503, "queryTimeout"),
  payloadTooLarge: def(700013, 413, "payloadTooLarge"),
  authorityNotGranted: def(700010, 403, "authorityNotGranted"),
  currentUserCannotBeAdded: def(700011, 400, "currentUserCannotBeAdded"),
  privacyVersionOutdated: def(700012, 409, "privacyVersionOutdated"),
  // Distributor Cloud.
  projectHasDevices: def(700020, 409, "projectHasDevices"),
  serialNumberRegistered: def(700021, 409, "serialNumberRegistered"),
  deviceIdRegistered: def(700022, 409, "deviceIdRegistered"),
  illegalTransition: def(700023, 409, "illegalTransition"),
  subDistributorExists: def(700024, 409, "subDistributorExists"),
  cannotInviteAccount: def(700025, 400, "cannotInviteAccount"),
  unknownProject: def(700026, 400, "unknownProject"),
  projectCodeTaken: def(700027, 409, "projectCodeTaken"),
  emptyFile: def(700028, 400, "emptyFile"),
  // Device import.
  importColumnsMissing: def(700600, 400, "importColumnsMissing"),
  importTooManyRows: def(700601, 400, "importTooManyRows"),
  // Device link.
  deviceOffline: def(700700, 409, "deviceOffline"),
  unitNotFound: def(700701, 404, "unitNotFound"),
  settingNotSupported: def(700702, 400, "settingNotSupported"),
  notControllable: def(700703, 400, "notControllable"),
  brokerUnavailable: def(700704, 503, "brokerUnavailable"),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof Errors;

const byCode = new Map<number, ErrorDefinition>(Object.values(Errors).map((e) => [e.errorCode, e]));

export const errorByCode = (errorCode: number): ErrorDefinition | undefined => byCode.get(errorCode);

/** Envelope `code`s that make the web offer "Confirm logout" (SPEC section 8). */
export const LOGOUT_CONFIRM_CODES: readonly number[] = [50008, 50012, 50014];
