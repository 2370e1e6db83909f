import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A checker fetches a firmware package over HTTP(S) with nothing but its MQTT credentials, so the
 * link it is sent carries its own permission: `<deviceId>.<expiresAt ms>.<HMAC-SHA256>`, the HMAC
 * over the package, the device and the expiry under a key every instance of the deployment shares.
 * The link opens that package only, for that device only, until it expires; nothing is stored.
 */
export interface PackageGrant {
  packageId: string;
  deviceId: number;
  expiresAt: number;
}

const signatureOf = (key: Buffer, grant: PackageGrant) =>
  createHmac("sha256", key)
    .update(`software-package\n${grant.packageId}\n${grant.deviceId}\n${grant.expiresAt}`)
    .digest();

export const signPackageToken = (key: Buffer, grant: PackageGrant): string =>
  `${grant.deviceId}.${grant.expiresAt}.${signatureOf(key, grant).toString("base64url")}`;

/** The device a token was issued to, if it opens `packageId` at `now`; why not otherwise. */
export const verifyPackageToken = (
  key: Buffer,
  packageId: string,
  token: string,
  now: number,
): { ok: true; deviceId: number } | { ok: false; reason: "malformed" | "signature" | "expired" } => {
  const match = /^(\d{1,18})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const grant = { packageId, deviceId: Number(match[1]), expiresAt: Number(match[2]) };
  const given = Buffer.from(match[3] as string, "base64url");
  const expected = signatureOf(key, grant);
  // The signature is checked before the expiry, so a forged token learns nothing from the answer.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  if (now > grant.expiresAt) return { ok: false, reason: "expired" };
  return { ok: true, deviceId: grant.deviceId };
};
