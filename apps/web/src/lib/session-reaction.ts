import { Errors, LOGOUT_CONFIRM_CODES } from "@vrf/contract/errors.ts";

/** What the web does about a failed answer's session codes (SPEC section 8); every other code only goes back to the caller. */
export interface SessionReaction {
  /** errorCode 100026: the stored token is removed. */
  forgetToken: boolean;
  /** code 50008, 50012 or 50014: the "Confirm logout" box. */
  confirmLogout: boolean;
  /** errorCode 611702: straight to /login. */
  toLogin: boolean;
}

/**
 * Our server sends 611702 together with code 50008, so two of SPEC's reactions meet in one
 * answer. The box wins (decision 0008): it lets the user stay on the page, as its text promises,
 * and its Re-Login ends at /login anyway. A 611702 without a box code still goes to /login.
 */
export const sessionReactionOf = (errorCode: number, code: number): SessionReaction => {
  const confirmLogout = LOGOUT_CONFIRM_CODES.includes(code);
  return {
    forgetToken: errorCode === Errors.accountTokenInvalid.errorCode,
    confirmLogout,
    toLogin: errorCode === Errors.illegalToken.errorCode && !confirmLogout,
  };
};

/**
 * One box at a time, however many calls fail together: `open` is called again only after the
 * previous box was closed (its `closed` callback ran).
 */
export const oneAtATime = (open: (closed: () => void) => void): (() => boolean) => {
  let isOpen = false;
  return () => {
    if (isOpen) return false;
    isOpen = true;
    open(() => {
      isOpen = false;
    });
    return true;
  };
};
