import { randomUUID } from "node:crypto";
import { COMMAND_TOPIC, DEVICE_ID_PATTERN, TOPIC_ROOT } from "@vrf/contract/device/protocol.ts";
import mqtt, { type MqttClient } from "mqtt";
import type { Db } from "../db/open.ts";
import { withoutCredentials } from "../logging/without-credentials.ts";
import { brokerUserOf } from "../modules/broker-auth/broker-auth.service.ts";
import { BrokerUnreachableError, FIRST_CONNECT_TIMEOUT_MS } from "./device-gateway.ts";

/**
 * Device accounts on an external Mosquitto 2 through its dynamic-security plugin (MQTT_DYNSEC=on):
 * the plugin's JSON API on `$CONTROL/dynamic-security/v1`, answered on `…/response`, used by a
 * client of its own with MQTT_URL's user (the admin `mosquitto_ctrl dynsec init` made).
 */
export const DYNSEC_TOPIC = "$CONTROL/dynamic-security/v1";
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
/** The portal's own role, added to MQTT_URL's user. */
export const PORTAL_ROLE = "vrf-portal";
/**
 * One role per device: Mosquitto 2.0's dynamic security matches ACL topics literally (`%u` and
 * `%c` are not substituted: checked against 2.0.11), so "its own topics" has to be spelt out.
 */
export const deviceRole = (serial: string) => `vrf-device-${serial}`;
/** Commands per message: a rotation is one message, the start a few. */
export const MAX_BATCH = 100;
/** How long an answer may take before the change is logged as unconfirmed. */
export const ANSWER_TIMEOUT_MS = 10_000;
/** At the start, within the 10 s Fastify gives the onReady hook the device link starts in. */
const START_ANSWER_TIMEOUT_MS = 3_000;

export type AclType =
  | "publishClientSend"
  | "publishClientReceive"
  | "subscribeLiteral"
  | "subscribePattern"
  | "unsubscribeLiteral"
  | "unsubscribePattern";
export interface Acl {
  acltype: AclType;
  topic: string;
  allow: boolean;
  /** Higher is checked first; the first ACL that matches decides. */
  priority?: number;
}
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}
/** A command and the errors that mean "already as wanted" (a role that exists, a client already gone). */
export interface Step {
  command: DynsecCommand;
  tolerated?: readonly string[];
}
export interface Answer {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

const ROLE_EXISTS = ["Role already exists"];
const CLIENT_EXISTS = ["Client already exists"];

/**
 * A device publishes under `vrf/{serial}/` (the portal drops topics outside section 3.1 itself)
 * but not to its `cmd`, and subscribes to and receives only its `cmd`, without wildcards.
 */
export const deviceAcls = (serial: string): Acl[] => [
  { acltype: "publishClientSend", topic: `${TOPIC_ROOT}/${serial}/${COMMAND_TOPIC}`, allow: false, priority: 1 },
  { acltype: "publishClientSend", topic: `${TOPIC_ROOT}/${serial}/+`, allow: true },
  { acltype: "subscribeLiteral", topic: `${TOPIC_ROOT}/${serial}/${COMMAND_TOPIC}`, allow: true },
  { acltype: "publishClientReceive", topic: `${TOPIC_ROOT}/${serial}/${COMMAND_TOPIC}`, allow: true },
];

/**
 * The portal reads every device topic, also through its shared subscription (which the plugin
 * checks as written, `$share/…` included), and publishes commands.
 */
export const portalAcls = (sharedGroup: string): Acl[] => [
  { acltype: "subscribePattern", topic: `${TOPIC_ROOT}/#`, allow: true },
  { acltype: "subscribeLiteral", topic: `$share/${sharedGroup}/${TOPIC_ROOT}/+/+`, allow: true },
  { acltype: "publishClientReceive", topic: `${TOPIC_ROOT}/#`, allow: true },
  { acltype: "publishClientSend", topic: `${TOPIC_ROOT}/+/${COMMAND_TOPIC}`, allow: true },
];

/** Nothing anonymous or without a matching ACL gets through (unsubscribing stays allowed). */
export const DEFAULT_ACCESS: DynsecCommand = {
  command: "setDefaultACLAccess",
  acls: [
    { acltype: "publishClientSend", allow: false },
    { acltype: "publishClientReceive", allow: false },
    { acltype: "subscribe", allow: false },
  ],
};

/**
 * The portal's role with its ACLs as they are now, and the default access. modifyRole and
 * setDefaultACLAccess apply at once and end no session, so every start sends them.
 */
export const setupSteps = (sharedGroup: string): Step[] => [
  { command: { command: "createRole", rolename: PORTAL_ROLE }, tolerated: ROLE_EXISTS },
  { command: { command: "modifyRole", rolename: PORTAL_ROLE, acls: portalAcls(sharedGroup) } },
  { command: DEFAULT_ACCESS },
];

/**
 * A device's client with this password, created or brought up to date: role and client are made
 * if missing, then set whole, so any state the broker holds ends the same. The client id is
 * bound to the serial number, as on the embedded broker. modifyClient ends the device's session
 * when the client existed.
 */
export const issueSteps = (serial: string, password: string): Step[] => {
  const role = deviceRole(serial);
  const client = { username: serial, clientid: serial, password, roles: [{ rolename: role }] };
  return [
    { command: { command: "createRole", rolename: role }, tolerated: ROLE_EXISTS },
    { command: { command: "modifyRole", rolename: role, acls: deviceAcls(serial) } },
    { command: { command: "createClient", ...client }, tolerated: CLIENT_EXISTS },
    { command: { command: "modifyClient", ...client } },
  ];
};

/** The old secret is dead: deleting the client ends its session and refuses the next sign-in. */
export const revokeSteps = (serial: string): Step[] => [
  { command: { command: "deleteClient", username: serial }, tolerated: ["Client not found"] },
  { command: { command: "deleteRole", rolename: deviceRole(serial) }, tolerated: ["Role not found"] },
];

/** What went wrong with a step, or null when it did what was asked (or found it done). */
export const problemOf = (step: Step, answer: Answer | null): string | null => {
  if (answer === null) return "no answer";
  if (answer.error === undefined) return null;
  return step.tolerated?.includes(answer.error) ? null : answer.error;
};

export const inBatches = <T>(items: readonly T[], size = MAX_BATCH): T[][] => {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
};

/** Serial numbers of devices that hold credentials (compared with the broker's clients at start). */
export const serialsWithCredentials = async (db: Db): Promise<string[]> =>
  (
    await db
      .selectFrom("device_credentials")
      .innerJoin("devices", "devices.id", "device_credentials.device_id")
      .select("devices.serial_number")
      .execute()
  ).map((row) => row.serial_number);

interface Waiting {
  step: Step;
  /** How long its answer may take once sent. */
  timeoutMs: number;
  settle: (answer: Answer | null) => void;
}

/**
 * The plugin's client. Changes go out in order, gathered into batches; each answer is checked and
 * what failed is logged with the command (never its password). Nothing is thrown at the callers
 * of `issued` and `revoke`: a request has already stored the secret when they run.
 */
export const createBrokerAccounts = (options: {
  url: string;
  sharedGroup: string;
  log: { info(message: string): void; warn(fields: Record<string, unknown>, message: string): void };
  /** Serial numbers with credentials in the database, for the start's count of missing clients. */
  serialsWithCredentials: () => Promise<string[]>;
  answerTimeoutMs?: number;
}) => {
  const { log } = options;
  const admin = brokerUserOf(options.url)?.username;
  const answerTimeoutMs = options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  const prefix = randomUUID();
  let counter = 0;
  let client: MqttClient | null = null;
  // Ready once subscribed to the answers: what is sent before would be answered to nobody.
  let ready = false;
  let flushing = false;
  const queue: Waiting[] = [];
  const waiting = new Map<string, Waiting>();
  const whenReady: Array<() => void> = [];

  const onMessage = (topic: string, payload: Buffer) => {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return;
    let responses: Answer[];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: Answer[] }).responses ?? [];
    } catch {
      return;
    }
    for (const answer of responses) {
      const entry = waiting.get(answer.correlationData ?? "");
      if (!entry) continue;
      waiting.delete(answer.correlationData ?? "");
      entry.settle(answer);
    }
  };

  /** Answers to a lost connection never come (they are sent to its client id alone). */
  const abandonSent = () => {
    for (const entry of waiting.values()) entry.settle(null);
    waiting.clear();
  };

  const expire = (id: string) => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    entry.settle(null);
  };

  const flush = () => {
    if (flushing) return;
    flushing = true;
    setImmediate(() => {
      flushing = false;
      if (!ready || !client) return;
      for (const batch of inBatches(queue.splice(0))) {
        const commands = batch.map((entry) => {
          const id = `${prefix}:${++counter}`;
          waiting.set(id, entry);
          setTimeout(() => expire(id), entry.timeoutMs).unref();
          return { ...entry.step.command, correlationData: id };
        });
        client.publish(DYNSEC_TOPIC, JSON.stringify({ commands }), { qos: 1 });
      }
    });
  };

  /** Sends the steps in order; each answer, or null when none came in time. */
  const send = (steps: readonly Step[], timeoutMs = answerTimeoutMs): Promise<Array<Answer | null>> =>
    Promise.all(
      steps.map(
        (step) =>
          new Promise<Answer | null>((settle) => {
            queue.push({ step, timeoutMs, settle });
            flush();
          }),
      ),
    );

  /** Sends the steps and logs each one that did not do what was asked. */
  const run = async (what: string, serial: string, steps: readonly Step[]): Promise<void> => {
    const answers = await send(steps);
    steps.forEach((step, i) => {
      const problem = problemOf(step, answers[i] ?? null);
      if (problem === null) return;
      log.warn(
        { serialNumber: serial, command: step.command.command, problem },
        `broker accounts: ${what} not confirmed by Mosquitto's dynamic-security plugin`,
      );
    });
  };

  /** True once (re)connected and subscribed to the answers; false after `ms`. */
  const readyWithin = (ms: number) =>
    ready
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ms);
          timer.unref();
          whenReady.push(() => {
            clearTimeout(timer);
            resolve(true);
          });
        });

  /** Fails the start with MQTT_URL named (main.ts prints it as one line). */
  const refuse = (why: string) =>
    new BrokerUnreachableError(
      `MQTT_DYNSEC=on, but ${why}: load the dynamic-security plugin in mosquitto.conf and give MQTT_URL the user \`mosquitto_ctrl dynsec init\` made (README, Device authentication on an external broker)`,
    );
  const broker = withoutCredentials(options.url);

  const hasPortalRole = (answer: Answer | null | undefined) =>
    (answer?.data as { client?: { roles?: Array<{ rolename: string }> } } | undefined)?.client?.roles?.some(
      (role) => role.rolename === PORTAL_ROLE,
    ) ?? false;

  return {
    /**
     * Connects, sets up the portal's role and the default access, gives MQTT_URL's user the role,
     * and logs in one line how many devices with credentials have no client on the broker.
     * Before the gateway connects: its shared subscription needs the role.
     */
    async start(): Promise<void> {
      if (!admin) throw refuse("MQTT_URL has no user and password");
      const startTimeout = Math.min(answerTimeoutMs, START_ANSWER_TIMEOUT_MS);
      const connecting = mqtt.connect(options.url, {
        clientId: `vrf-cloud-accounts-${randomUUID()}`,
        reconnectPeriod: 1_000,
        connectTimeout: FIRST_CONNECT_TIMEOUT_MS,
      });
      client = connecting;
      connecting.on("message", onMessage);
      connecting.on("close", () => {
        ready = false;
        abandonSent();
      });
      connecting.on("error", (error) => log.warn({ reason: error.message }, "broker accounts: connection error"));
      connecting.on("connect", () => {
        connecting.subscribe(DYNSEC_RESPONSE_TOPIC, { qos: 1 }, (error) => {
          if (error) return log.warn({ reason: error.message }, "broker accounts: cannot read the plugin's answers");
          ready = true;
          for (const resolve of whenReady.splice(0)) resolve();
          flush();
        });
      });
      // The first refusal ends the start, as the gateway's does; later losses are reconnected.
      let refusal: string | null = null;
      const first = await Promise.race([
        readyWithin(FIRST_CONNECT_TIMEOUT_MS),
        new Promise<false>((resolve) =>
          connecting.once("error", (error) => {
            refusal = error.message;
            resolve(false);
          }),
        ),
      ]);
      if (!first) {
        await this.stop();
        throw new BrokerUnreachableError(
          `cannot connect to ${broker} (${refusal ?? `no answer within ${FIRST_CONNECT_TIMEOUT_MS / 1_000} s`})`,
        );
      }

      const setup = setupSteps(options.sharedGroup);
      const lookups: Step[] = [
        { command: { command: "getClient", username: admin } },
        { command: { command: "listClients", verbose: false, count: -1, offset: 0 } },
      ];
      const answers = await send([...setup, ...lookups], startTimeout);
      if (answers.every((answer) => answer === null)) {
        await this.stop();
        throw refuse(`${broker} did not answer on ${DYNSEC_TOPIC} within ${startTimeout / 1_000} s`);
      }
      const failed = [...setup, ...lookups]
        .map((step, i) => ({ step, problem: problemOf(step, answers[i] ?? null) }))
        .filter(({ problem }) => problem !== null);
      if (failed.length > 0) {
        await this.stop();
        throw refuse(
          `${broker}'s dynamic-security plugin refused ${failed.map(({ step, problem }) => `${step.command.command} (${problem})`).join(", ")}`,
        );
      }
      let user = answers[setup.length];
      if (!hasPortalRole(user)) {
        // Adding a role ends every session of that user (2.0.11), this client's too: the answer may
        // be lost, so the role is looked up again, once the client is back.
        await send([{ command: { command: "addClientRole", username: admin, rolename: PORTAL_ROLE } }], startTimeout);
        for (let attempt = 0; attempt < 3 && !hasPortalRole(user); attempt++) {
          if (!(await readyWithin(FIRST_CONNECT_TIMEOUT_MS))) break;
          [user] = await send([lookups[0] as Step], startTimeout);
        }
        if (!hasPortalRole(user)) {
          await this.stop();
          throw refuse(`the role ${PORTAL_ROLE} could not be given to MQTT_URL's user on ${broker}`);
        }
      }

      const clients = new Set((answers[setup.length + 1]?.data as { clients?: string[] } | undefined)?.clients ?? []);
      const serials = await options.serialsWithCredentials();
      const missing = serials.filter((serial) => !clients.has(serial)).length;
      if (missing > 0) {
        log.warn(
          { devices: missing },
          "broker accounts: devices with credentials issued before MQTT_DYNSEC=on have no client on the broker and cannot sign in until their credentials are rotated",
        );
      } else log.info(`broker accounts: all ${serials.length} devices with credentials have a client on the broker`);
    },

    /** A secret was issued or rotated: its device's client gets it (and its session ends). */
    issued(serial: string, password: string): void {
      if (!DEVICE_ID_PATTERN.test(serial)) {
        log.warn({ serialNumber: serial }, "broker accounts: not a device id the link accepts; no client made");
        return;
      }
      void run("a device's password", serial, issueSteps(serial, password));
    },

    /** A secret is dead (rotated, or the device removed): its client goes, and its session ends. */
    revoke(serial: string): void {
      if (!DEVICE_ID_PATTERN.test(serial)) return;
      void run("a device's removal", serial, revokeSteps(serial));
    },

    /** Disconnects once what was published is delivered; changes still queued are logged as unconfirmed. */
    async stop(): Promise<void> {
      const ending = client;
      client = null;
      ready = false;
      for (const entry of queue.splice(0)) entry.settle(null);
      if (!ending) return;
      await ending.endAsync().catch(() => {});
    },
  };
};

export type BrokerAccounts = ReturnType<typeof createBrokerAccounts>;
