import { Errors, LOGOUT_CONFIRM_CODES } from "@vrf/contract/errors.ts";
import type { TransportFailure } from "./api-error.ts";
import { confirmDialog, toastError } from "./feedback.ts";
import { translate } from "./i18n.ts";
import { clearSession } from "./session.ts";
import { removeToken } from "./storage.ts";

let logoutConfirmOpen = false;

/** SPEC section 8: one "Confirm logout" box at a time, however many calls fail together. */
const confirmLogout = (): void => {
  if (logoutConfirmOpen) return;
  logoutConfirmOpen = true;
  confirmDialog({
    title: translate("common:logoutConfirm.title"),
    content: translate("common:logoutConfirm.content"),
    okText: translate("common:logoutConfirm.relogin"),
    cancelText: translate("common:actions.cancel"),
    afterClose: () => {
      logoutConfirmOpen = false;
    },
    onOk: () => {
      clearSession();
      window.location.reload();
    },
  });
};

/**
 * Session reactions of SPEC section 8, shared by JSON calls and uploads; every
 * other error is only thrown to the caller.
 */
export const reactToSessionError = (errorCode: number, code: number): void => {
  if (errorCode === Errors.accountTokenInvalid.errorCode) {
    removeToken();
    return;
  }
  if (errorCode === Errors.illegalToken.errorCode) {
    // Straight to sign-in; the confirm box would only repeat what the login page says.
    clearSession();
    if (typeof window !== "undefined") window.location.hash = "#/login";
    return;
  }
  if (LOGOUT_CONFIRM_CODES.includes(code)) confirmLogout();
};

/** SPEC section 8: a network or HTTP failure shows an error toast for 5 s (unless the caller is silent). */
export const toastTransportFailure = (failure: TransportFailure, httpStatus: number, silent: boolean | undefined) => {
  if (silent || failure === "aborted") return;
  const text = failure === "http" ? translate("errors:http", { status: httpStatus }) : translate(`errors:${failure}`);
  // Keyed by text so a burst of identical failures shows one toast.
  toastError(text, 5, `transport-${failure}-${httpStatus}`);
};
