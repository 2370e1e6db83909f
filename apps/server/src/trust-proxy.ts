import { isIP } from "node:net";

/**
 * Whose X-Forwarded-For the app believes:
 * - `false`: nobody; the client address is the socket peer;
 * - a number: that many nearest hops, whatever their address;
 * - a list: only peers whose address (or CIDR, or proxy-addr's `loopback`, `linklocal`,
 *   `uniquelocal`) is on it.
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

const validEntry = (entry: string): boolean => {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * Parses TRUST_PROXY. Returns the setting, or a message saying what is wrong.
 * "true" is refused on purpose: trusting every sender lets any client pick the
 * address its rate limits and sign-in log are keyed on.
 */
export const parseTrustProxy = (raw: string | undefined): TrustProxy | { problem: string } => {
  const value = raw?.trim().toLowerCase() ?? "";
  if (["", "off", "false", "0"].includes(value)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { problem: "a hop count is at most 10" };
  }
  if (["on", "true", "all", "*"].includes(value)) {
    return { problem: "trusting every sender is not supported: give a hop count or the proxies' addresses" };
  }
  const entries = value.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length > 0) {
    return {
      problem: `not an address, CIDR or loopback/linklocal/uniquelocal: ${bad.map((b) => `"${b}"`).join(", ")}`,
    };
  }
  return entries;
};

/**
 * Fastify's form of the setting. Fastify refuses a bare hop count (it cannot tell a proxy
 * from a client that talks to the port directly), so a hop count becomes a function that
 * trusts the nearest hops; it is only safe where the port is reachable through the proxies alone.
 */
export const fastifyTrustProxy = (
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) => {
  if (typeof trust === "number") return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
};
