/**
 * The error catalogue: every server code of SPEC section 8 plus our own (7xxxxx).
 * `http` is the class a client can rely on; `key` is the text key in the
 * web's `errors` locale file (both languages); `code` overrides the envelope's
 * `code` where the SPEC gives a session code the web reacts to.
 *
 * SPEC gives some meanings two codes (600704/600904, 600705/600905,
 * 600715/600723, 600903/600907, 600914/600915). Both are listed under one text
 * key; the second of each pair (`...Alt`, after SPEC's table) is never sent by
 * this server, and a key stands for the first entry that has it (decision 0008).
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
  phoneRegistered: def(600702, 409, "phoneRegistered"),
  invalidCode: def(600703, 400, "invalidCode"),
  invalidRefreshToken: def(600706, 401, "invalidRefreshToken"),
  refreshTokenExpired: def(600707, 401, "refreshTokenExpired"),
  userNotFound: def(600708, 404, "userNotFound"),
  oldPasswordWrong: def(600709, 400, "oldPasswordWrong"),
  passwordEmpty: def(600710, 400, "passwordEmpty"),
  passwordLength: def(600713, 400, "passwordLength"),
  passwordFormat: def(600714, 400, "passwordFormat"),
  emailFormat: def(600715, 400, "emailFormat"),
  appVerificationFailed: def(600716, 401, "appVerificationFailed"),
  avatarUploadFailed: def(600717, 400, "avatarUploadFailed"),
  codeTooFrequent: def(600719, 429, "codeTooFrequent"),
  codeLocked: def(600720, 429, "codeLocked"),
  nicknameLength: def(600721, 400, "nicknameLength"),
  accountDeleted: def(600722, 401, "accountDeleted"),
  mailboxRegistered: def(600901, 409, "mailboxRegistered"),
  mailboxNotRegistered: def(600902, 404, "mailboxNotRegistered"),
  mailboxActivated: def(600903, 409, "mailboxActivated"),
  invalidAccount: def(600904, 401, "invalidAccount"),
  wrongPassword: def(600905, 401, "wrongPassword"),
  illegalApp: def(600906, 403, "illegalApp"),
  invalidFile: def(600908, 400, "invalidFile"),
  notFound: def(600909, 404, "notFound"),
  dataError: def(600910, 400, "dataError"),
  internalQueryError: def(600911, 500, "internalQueryError"),
  registerFailed: def(600912, 500, "registerFailed"),
  loginFailed: def(600913, 500, "loginFailed"),
  tokenGenerationFailed: def(600914, 500, "tokenGenerationFailed"),
  tokenUnauthorized: def(600916, 401, "tokenUnauthorized"),
  samePassword: def(600917, 400, "samePassword"),
  idTokenCheckFailed: def(600918, 401, "idTokenCheckFailed"),
  thirdPartyNotBound: def(600919, 404, "thirdPartyNotBound"),
  boundToAnotherUser: def(600920, 409, "boundToAnotherUser"),
  thirdPartyMailboxMismatch: def(600921, 409, "thirdPartyMailboxMismatch"),
  scanLoginFailed: def(600922, 401, "scanLoginFailed"),
  scanLoginNotAuthorized: def(600923, 403, "scanLoginNotAuthorized"),
  untrustedDeviceNeedsCode: def(600924, 403, "untrustedDeviceNeedsCode"),
  accountLocked: def(600925, 429, "accountLocked"),
  tooManyRegistrations: def(600926, 429, "tooManyRegistrations"),
  passwordResetTooFrequent: def(600927, 429, "passwordResetTooFrequent"),
  qrCodeInvalid: def(600928, 400, "qrCodeInvalid"),
  tokenExpired: def(611701, 401, "tokenExpired", 50014),
  illegalToken: def(611702, 401, "illegalToken", 50008),
  profileExists: def(611703, 409, "profileExists"),
  profileMissingForUpdate: def(611704, 404, "profileMissingForUpdate"),
  mailboxCannotChange: def(611705, 400, "mailboxCannotChange"),
  profileMissing: def(611706, 404, "profileMissing"),
  privacyAgreementMissing: def(611707, 404, "privacyAgreementMissing"),
  // SPEC's second code for a meaning above: the web knows it, this server never sends it.
  invalidAccountAlt: def(600704, 401, "invalidAccount"),
  wrongPasswordAlt: def(600705, 401, "wrongPassword"),
  emailFormatAlt: def(600723, 400, "emailFormat"),
  mailboxActivatedAlt: def(600907, 409, "mailboxActivated"),
  tokenGenerationFailedAlt: def(600915, 500, "tokenGenerationFailed"),
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
  deviceAlreadyInProject: def(700030, 409, "deviceAlreadyInProject"),
  // The project a device is to be moved to: gone, or not the caller's.
  targetProjectNotFound: def(700031, 404, "targetProjectNotFound"),
  // Device import.
  importColumnsMissing: def(700600, 400, "importColumnsMissing"),
  importTooManyRows: def(700601, 400, "importTooManyRows"),
  // Device link.
  deviceOffline: def(700700, 409, "deviceOffline"),
  unitNotFound: def(700701, 404, "unitNotFound"),
  settingNotSupported: def(700702, 400, "settingNotSupported"),
  notControllable: def(700703, 400, "notControllable"),
  brokerUnavailable: def(700704, 503, "brokerUnavailable"),
  // Hi-Checker tasks (700720-700749).
  captureInterval: def(700720, 400, "captureInterval"),
  collectionInterval: def(700721, 400, "collectionInterval"),
  taskEndNotLater: def(700722, 400, "taskEndNotLater"),
  taskTooLong: def(700723, 400, "taskTooLong"),
  checkerBusy: def(700724, 409, "checkerBusy"),
  taskEnded: def(700726, 409, "taskEnded"),
  hexPattern: def(700727, 400, "hexPattern"),
  exportTooLarge: def(700728, 400, "exportTooLarge"),
  // Data reports of tasks (700730-700739).
  taskNotEnded: def(700730, 409, "taskNotEnded"),
  taskReportLimit: def(700731, 409, "taskReportLimit"),
  // Software packages and firmware rollouts (700740-700759).
  packageVersionFormat: def(700740, 400, "packageVersionFormat"),
  packageFileType: def(700741, 400, "packageFileType"),
  packageTooLarge: def(700742, 413, "packageTooLarge"),
  packageFileEmpty: def(700743, 400, "packageFileEmpty"),
  packageVersionTaken: def(700744, 409, "packageVersionTaken"),
  packageFieldsFirst: def(700745, 400, "packageFieldsFirst"),
  packageNotFirmware: def(700746, 400, "packageNotFirmware"),
  packageInRollout: def(700747, 409, "packageInRollout"),
  rolloutCheckerBusy: def(700750, 409, "rolloutCheckerBusy"),
  rolloutNotRunning: def(700751, 409, "rolloutNotRunning"),
  rolloutNotPaused: def(700752, 409, "rolloutNotPaused"),
  // Team members (700800-700849).
  teamInvitationInvalid: def(700800, 404, "teamInvitationInvalid"),
  teamInvitationExpired: def(700801, 410, "teamInvitationExpired"),
  alreadyTeamMember: def(700802, 409, "alreadyTeamMember"),
  cannotMoveAccount: def(700803, 409, "cannotMoveAccount"),
  lastTeamAdministrator: def(700804, 409, "lastTeamAdministrator"),
  cannotChangeOwnMembership: def(700805, 400, "cannotChangeOwnMembership"),
  teamLimitReached: def(700806, 409, "teamLimitReached"),
  invitationForAnotherEmail: def(700807, 400, "invitationForAnotherEmail"),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof Errors;

const byCode = new Map<number, ErrorDefinition>(Object.values(Errors).map((e) => [e.errorCode, e]));

export const errorByCode = (errorCode: number): ErrorDefinition | undefined => byCode.get(errorCode);

// The first entry of a key wins: a validation rule named "emailFormat" is answered with 600715, not 600723.
const byKey = new Map<string, ErrorDefinition>();
for (const definition of Object.values(Errors)) if (!byKey.has(definition.key)) byKey.set(definition.key, definition);

/** The catalogue entry a text key stands for (validation messages name one, e.g. "passwordLength"). */
export const errorByKey = (key: string): ErrorDefinition | undefined => byKey.get(key);

/** Envelope `code`s that make the web offer "Confirm logout" (SPEC section 8). */
export const LOGOUT_CONFIRM_CODES: readonly number[] = [50008, 50012, 50014];
