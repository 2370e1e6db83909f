import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt with OWASP's parameters (N=2^17, r=8, p=1). The parameters travel in
 * the stored string, so a stronger setting later still verifies old hashes.
 */
export const DEFAULT_COST = 17;

const derive = (password: string, salt: Buffer, n: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, 32, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

export const hashPassword = async (password: string, cost = DEFAULT_COST): Promise<string> => {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(password, salt, n, 8, 1);
  return `scrypt$${n}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
