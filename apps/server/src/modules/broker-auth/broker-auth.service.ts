import { createHash, timingSafeEqual } from "node:crypto";
import type {
  TEmqxAclAnswer,
  TEmqxAclRequest,
  TEmqxAuthAnswer,
  TEmqxAuthRequest,
} from "@vrf/contract/broker-auth/emqx.ts";
import { COMMAND_TOPIC, DEVICE_ID_PATTERN, deviceTopic, parseDeviceTopic } from "@vrf/contract/device/protocol.ts";
import type { DeviceDirectoryRepository } from "../../devices/device-directory.repository.ts";
import { deviceSecretMatches } from "../../devices/device-secret.ts";
import { createFailureCounter, FAILED_SIGN_INS } from "../../devices/mqtt-packet-limits.ts";
import { createTrafficCounters, type TrafficCounters } from "../../devices/traffic-counters.ts";

/** The portal's own account on the broker: the user name and password of MQTT_URL. */
export interface BrokerUser {
  username: string;
  password: string;
}

/**
 * MQTT_URL's user as the device gateway signs in with it: mqtt.js decodes the URL's user part and
 * splits it at its last colon, so this does the same. None without a password: such a portal signs
 * in anonymously, which these checks never allow.
 */
export const brokerUserOf = (mqttUrl: string | undefined): BrokerUser | undefined => {
  if (!mqttUrl) return undefined;
  try {
    const url = new URL(mqttUrl);
    const parts = /^(.+):(.+)$/.exec(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`);
    return parts ? { username: parts[1] as string, password: parts[2] as string } : undefined;
  } catch {
    return undefined;
  }
};

const ALLOW_DEVICE: TEmqxAuthAnswer = { result: "allow", is_superuser: false };
const ALLOW_PORTAL: TEmqxAuthAnswer = { result: "allow", is_superuser: true };
const DENY_SIGN_IN: TEmqxAuthAnswer = { result: "deny", is_superuser: false };
const ALLOW: TEmqxAclAnswer = { result: "allow" };
const DENY: TEmqxAclAnswer = { result: "deny" };

/** Digests of equal length, so comparing them takes the same time whatever was sent. */
const digest = (text: string): Buffer => createHash("sha256").update(text).digest();

/**
 * EMQX's HTTP authenticator and authorizer (decision 0015): the embedded broker's rules
 * (apps/server/src/devices/embedded-broker.ts) for devices on an external EMQX. A device signs in
 * with its serial number as client id and user name and the secret the portal issued; it may
 * publish only its own `vrf/{serial}/{topic}` and subscribe only to its own `cmd`. The portal's
 * own user is a superuser, so EMQX asks nothing more about it.
 *
 * A client id or address with too many failed sign-ins in a minute is denied before its secret is
 * looked up, as on the embedded broker: a guessing flood through EMQX costs no database reads.
 * The counts are this process's: behind a load balancer each instance counts what it is asked.
 * Refusals are counted in the device link's traffic counts when it runs, else in counts of their
 * own; either way each device's are logged at most once a minute.
 */
export const createBrokerAuthService = (deps: {
  devices: Pick<DeviceDirectoryRepository, "secretHashOf">;
  portalUser?: BrokerUser | undefined;
  /** The running device link's traffic counters, if any. */
  counters: () => TrafficCounters | null | undefined;
  log: { warn: (fields: Record<string, unknown>, message: string) => void };
  now: () => number;
}) => {
  const { portalUser } = deps;
  const failedByClientId = createFailureCounter({
    max: FAILED_SIGN_INS.perClientId,
    windowMs: FAILED_SIGN_INS.windowMs,
    now: deps.now,
  });
  const failedByAddress = createFailureCounter({
    max: FAILED_SIGN_INS.perAddress,
    windowMs: FAILED_SIGN_INS.windowMs,
    now: deps.now,
  });
  const ownCounters = createTrafficCounters({
    log: (fields, message) => deps.log.warn(fields, message),
    now: deps.now,
  });
  const counters = (): TrafficCounters => deps.counters() ?? ownCounters;
  const portal = portalUser && { username: digest(portalUser.username), password: digest(portalUser.password) };
  const isPortal = (username: string, password: string): boolean =>
    portal !== undefined &&
    timingSafeEqual(digest(username), portal.username) &&
    timingSafeEqual(digest(password), portal.password);
  /** A device's identity: its serial number as both client id and user name, never the portal's name. */
  const deviceOf = (clientid: string, username: string): string | null =>
    username === clientid && DEVICE_ID_PATTERN.test(username) && username !== portalUser?.username ? username : null;
  const lastMalformed = new Map<string, number>();

  return {
    async authenticate({ clientid, username, password, peerhost }: TEmqxAuthRequest): Promise<TEmqxAuthAnswer> {
      // Checked in memory and never throttled: failures from the portal's own address must not
      // keep its gateway out.
      if (isPortal(username, password)) return ALLOW_PORTAL;
      if (failedByAddress.refuses(peerhost) || failedByClientId.refuses(clientid)) {
        counters().drop("refusedAuth", peerhost, `too many failed sign-ins (${clientid.slice(0, 64)})`);
        return DENY_SIGN_IN;
      }
      const failed = (who: string): TEmqxAuthAnswer => {
        failedByAddress.failed(peerhost);
        failedByClientId.failed(clientid);
        counters().drop("refusedAuth", who.slice(0, 64));
        return DENY_SIGN_IN;
      };
      const device = deviceOf(clientid, username);
      if (!device) return failed(username || clientid || "?");
      const hash = await deps.devices.secretHashOf(device);
      return hash !== null && deviceSecretMatches(password, hash) ? ALLOW_DEVICE : failed(device);
    },

    authorize({ clientid, username, topic, action }: TEmqxAclRequest): TEmqxAclAnswer {
      const device = deviceOf(clientid, username);
      if (device && action === "publish" && parseDeviceTopic(topic)?.deviceId === device) return ALLOW;
      // Exactly its own command topic: no wildcard filter, no shared subscription.
      if (device && action === "subscribe" && topic === deviceTopic(device, COMMAND_TOPIC)) return ALLOW;
      counters().drop(
        action === "publish" ? "refusedPublish" : "refusedSubscribe",
        device ?? (clientid.slice(0, 64) || "?"),
        topic.slice(0, 200),
      );
      return DENY;
    },

    /**
     * A request that could not be read (not JSON, too large, a field missing or out of bounds) is
     * denied. It usually means EMQX's body template is wrong, so it is logged, once a minute per
     * route, with what was wrong but nothing of the body.
     */
    malformed(route: "auth" | "acl", problem: string): TEmqxAuthAnswer | TEmqxAclAnswer {
      const at = deps.now();
      const last = lastMalformed.get(route);
      if (last === undefined || at - last >= FAILED_SIGN_INS.windowMs) {
        lastMalformed.set(route, at);
        deps.log.warn({ route, problem }, "EMQX request not understood (check its body template): denied");
      }
      return route === "auth" ? DENY_SIGN_IN : DENY;
    },
  };
};

export type BrokerAuthService = ReturnType<typeof createBrokerAuthService>;
