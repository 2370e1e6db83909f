import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";

/**
 * EMQX 5's `http` authenticator and authorizer, answered by the portal so devices on an external
 * EMQX sign in with the credentials and keep to the topics of the embedded broker
 * (docs/device-protocol.md sections 2 and 3). EMQX fills a JSON body template with placeholders
 * (`${clientid}`, `${username}`, …) and reads `result` (and `is_superuser`) from a 200 answer.
 * These answers are EMQX's shape, not the portal's envelope (decision 0015).
 *
 * Nothing is trimmed: the broker's identity is checked as it is. The limits are far above what a
 * device sends (a 64-character id, a 43-character secret), so that a stranger's odd sign-in is
 * still seen, counted and refused, while a body past them is refused unread.
 */
export const EMQX_FIELD_MAX = {
  clientid: 256,
  username: 256,
  password: 1024,
  /** An IPv6 address with a zone index stays well inside. */
  peerhost: 100,
  topic: 1024,
} as const;

/** Bytes: the largest body either route reads; anything larger is denied unread. */
export const EMQX_BODY_MAX = 8 * 1024;

const text = (max: number) => ZText(max, { trim: false });

/** The authenticator's body: `{"clientid": "${clientid}", "username": "${username}", "password": "${password}", "peerhost": "${peerhost}"}`. */
export const ZEmqxAuthRequest = z.object({
  clientid: text(EMQX_FIELD_MAX.clientid),
  username: text(EMQX_FIELD_MAX.username),
  /** EMQX renders a CONNECT without a password as "". */
  password: text(EMQX_FIELD_MAX.password),
  /** Failed sign-ins are counted per address too, so the template must carry it. */
  peerhost: text(EMQX_FIELD_MAX.peerhost),
});
export type TEmqxAuthRequest = z.output<typeof ZEmqxAuthRequest>;

/** EMQX's `${action}` for an authorization check. */
export const EMQX_ACTIONS = ["publish", "subscribe"] as const;

/** The authorizer's body: `{"clientid": "${clientid}", "username": "${username}", "topic": "${topic}", "action": "${action}"}`. */
export const ZEmqxAclRequest = z.object({
  clientid: text(EMQX_FIELD_MAX.clientid),
  username: text(EMQX_FIELD_MAX.username),
  /** A topic name to publish to, or a topic filter to subscribe to. */
  topic: text(EMQX_FIELD_MAX.topic),
  action: z.enum(EMQX_ACTIONS),
});
export type TEmqxAclRequest = z.output<typeof ZEmqxAclRequest>;

/**
 * The portal never answers `ignore`: its verdict on a device is final, and an answer EMQX reads
 * as ignore would hand the decision to the next authenticator or to `no_match`.
 */
export const EMQX_RESULTS = ["allow", "deny"] as const;

export const ZEmqxAuthAnswer = z.object({
  result: z.enum(EMQX_RESULTS),
  /** Only the portal's own user: EMQX then asks no authorization for it. */
  is_superuser: z.boolean(),
});
export type TEmqxAuthAnswer = z.output<typeof ZEmqxAuthAnswer>;

export const ZEmqxAclAnswer = z.object({ result: z.enum(EMQX_RESULTS) });
export type TEmqxAclAnswer = z.output<typeof ZEmqxAclAnswer>;

export const emqxAuthenticate = defineEndpoint({
  method: "POST",
  path: "/mqtt/auth",
  request: ZEmqxAuthRequest,
  response: ZEmqxAuthAnswer,
});

export const emqxAuthorize = defineEndpoint({
  method: "POST",
  path: "/mqtt/acl",
  request: ZEmqxAclRequest,
  response: ZEmqxAclAnswer,
});
