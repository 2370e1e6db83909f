import { z } from "zod";

/**
 * What a journey carries from page to page. The verification code must never appear in a
 * URL, so it travels in router state with this tab-scoped copy as the fallback for a reload.
 */
const ZRegistrationDraft = z.object({
  email: z.string(),
  code: z.string().optional(),
  /** Set once the account exists; the agreement and profile pages then belong to the journey. */
  registered: z.boolean().optional(),
  /** A team invitation link's token: the account joins the inviting organisation. */
  invitationToken: z.string().optional(),
});
export type RegistrationDraft = z.infer<typeof ZRegistrationDraft>;

const ZResetDraft = z.object({ email: z.string() });
export type ResetDraft = z.infer<typeof ZResetDraft>;

const REGISTRATION_KEY = "vrf.registration";
const RESET_KEY = "vrf.passwordReset";

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const browserStore = (): KeyValueStore | null => (typeof sessionStorage === "undefined" ? null : sessionStorage);

const read = <T>(store: KeyValueStore | null, key: string, schema: z.ZodType<T>): T | null => {
  const raw = store?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const readRegistration = (store = browserStore()) => read(store, REGISTRATION_KEY, ZRegistrationDraft);

export const writeRegistration = (draft: RegistrationDraft, store = browserStore()) =>
  store?.setItem(REGISTRATION_KEY, JSON.stringify(draft));

export const clearRegistration = (store = browserStore()) => store?.removeItem(REGISTRATION_KEY);

export const readReset = (store = browserStore()) => read(store, RESET_KEY, ZResetDraft);

export const writeReset = (draft: ResetDraft, store = browserStore()) =>
  store?.setItem(RESET_KEY, JSON.stringify(draft));

export const clearReset = (store = browserStore()) => store?.removeItem(RESET_KEY);

/** Router state wins over the stored copy; both are validated because either can be stale or hand-made. */
export const registrationFrom = (routerState: unknown, store = browserStore()): RegistrationDraft | null => {
  const fromState = ZRegistrationDraft.safeParse(routerState);
  return fromState.success ? fromState.data : readRegistration(store);
};

export const resetFrom = (routerState: unknown, store = browserStore()): ResetDraft | null => {
  const fromState = ZResetDraft.safeParse(routerState);
  return fromState.success ? fromState.data : readReset(store);
};
