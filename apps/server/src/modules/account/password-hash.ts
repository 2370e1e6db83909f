import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";

/**
 * scrypt with OWASP's parameters (N=2^17, r=8, p=1). The parameters travel in
 * the stored string, so a stronger setting later still verifies old hashes.
 */
export const DEFAULT_COST = 17;

/**
 * Each derivation holds 128·N·r bytes until it ends: 128 MiB at OWASP's setting, so eight sign-ins
 * at once would take 1 GiB. Two run at a time (about as many as libuv's four threads serve
 * alongside the rest of the server's work); the others wait their turn, which a sign-in can afford.
 */
export const MAX_CONCURRENT_HASHES = 2;

const inTurn = pLimit(MAX_CONCURRENT_HASHES);

/** How many derivations run and wait right now (for tests and diagnostics). */
export const hashingLoad = () => ({ running: inTurn.activeCount, waiting: inTurn.pendingCount });

const derive = (password: string, salt: Buffer, n: number, r: number, p: number) =>
  inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password, salt, 32, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );

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
