import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signPackageToken, verifyPackageToken } from "./download-token.ts";

const key = randomBytes(32);
const packageId = "5f0b3c1e-8d2a-4e6f-9b7c-1a2b3c4d5e6f";
const grant = { packageId, deviceId: 42, expiresAt: 1_767_261_630_000 };

describe("a package download token", () => {
  it("opens its package for its device until it expires", () => {
    const token = signPackageToken(key, grant);
    expect(verifyPackageToken(key, packageId, token, grant.expiresAt - 1)).toEqual({ ok: true, deviceId: 42 });
    expect(verifyPackageToken(key, packageId, token, grant.expiresAt)).toEqual({ ok: true, deviceId: 42 });
    expect(verifyPackageToken(key, packageId, token, grant.expiresAt + 1)).toEqual({ ok: false, reason: "expired" });
  });

  it("opens no other package, under no other key, and not with its device or expiry changed", () => {
    const token = signPackageToken(key, grant);
    const other = "00000000-0000-4000-8000-000000000000";
    expect(verifyPackageToken(key, other, token, 0)).toEqual({ ok: false, reason: "signature" });
    expect(verifyPackageToken(randomBytes(32), packageId, token, 0)).toEqual({ ok: false, reason: "signature" });
    const [, expiresAt, signature] = token.split(".");
    expect(verifyPackageToken(key, packageId, `43.${expiresAt}.${signature}`, 0)).toMatchObject({ ok: false });
    expect(verifyPackageToken(key, packageId, `42.9${expiresAt}.${signature}`, 0)).toMatchObject({ ok: false });
  });

  it("refuses what is not a token", () => {
    for (const bad of ["", "42", "42.1.", "a.b.c", `42.1.${"A".repeat(44)}`, `-1.1.${"A".repeat(43)}`])
      expect(verifyPackageToken(key, packageId, bad, 0), bad).toEqual({ ok: false, reason: "malformed" });
  });
});
