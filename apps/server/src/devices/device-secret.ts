import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device passwords are 32 random bytes, never chosen by a person, so a single SHA-256 is enough
 * to keep them unreadable at rest: there is no dictionary to try. A slow hash here would cost a
 * core for every reconnect storm of thousands of devices.
 */
export const newDeviceSecret = (): string => randomBytes(32).toString("base64url");

export const hashDeviceSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

export const deviceSecretMatches = (secret: string, hash: string): boolean => {
  const given = Buffer.from(hashDeviceSecret(secret), "hex");
  const stored = Buffer.from(hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
};
