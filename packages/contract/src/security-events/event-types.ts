/**
 * The kinds of security event the audit log records. Stored as text in
 * security_events.type; the web app names each one in both languages, so
 * adding a kind means adding its locale keys too. Never remove one: old rows
 * keep the name they were written with.
 */
export const SECURITY_EVENT_TYPES = [
  "signIn",
  "signInHandover",
  "signInFailed",
  "lockout",
  "signOut",
  "passwordChanged",
  "passwordReset",
  "moduleSession",
  "roleChanged",
  "subDistributorTransition",
  "export",
  "deviceCredentials",
  "deviceRemoved",
  "teamChanged",
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
