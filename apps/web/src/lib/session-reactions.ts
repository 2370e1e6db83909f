import type { TransportFailure } from "./api-error.ts";
import { confirmDialog, toastError } from "./feedback.ts";
import { translate } from "./i18n.ts";
import { clearSession } from "./session.ts";
import { oneAtATime, sessionReactionOf } from "./session-reaction.ts";
import { removeToken } from "./storage.ts";

/** SPEC section 8's "Confirm logout" box: Re-Login resets the token and reloads; Cancel stays on the page. */
const confirmLogout = oneAtATime((closed) =>
  confirmDialog({
    title: translate("common:logoutConfirm.title"),
    content: translate("common:logoutConfirm.content"),
    okText: translate("common:logoutConfirm.relogin"),
    cancelText: translate("common:actions.cancel"),
    afterClose: closed,
    onOk: () => {
      clearSession();
      // Without a token the guard sends the reloaded page to /login, with the page as redirect.
      window.location.reload();
    },
  }),
);

/**
 * Session reactions of SPEC section 8 (see session-reaction.ts), shared by JSON calls and
 * uploads; every other error is only thrown to the caller.
 */
export const reactToSessionError = (errorCode: number, code: number): void => {
  const reaction = sessionReactionOf(errorCode, code);
  if (reaction.forgetToken) removeToken();
  if (reaction.confirmLogout) confirmLogout();
  if (reaction.toLogin) {
    clearSession();
    if (typeof window !== "undefined") window.location.hash = "#/login";
  }
};

/** SPEC section 8: a network or HTTP failure shows an error toast for 5 s (unless the caller is silent). */
export const toastTransportFailure = (failure: TransportFailure, httpStatus: number, silent: boolean | undefined) => {
  if (silent || failure === "aborted") return;
  const text = failure === "http" ? translate("errors:http", { status: httpStatus }) : translate(`errors:${failure}`);
  // Keyed by text so a burst of identical failures shows one toast.
  toastError(text, 5, `transport-${failure}-${httpStatus}`);
};
