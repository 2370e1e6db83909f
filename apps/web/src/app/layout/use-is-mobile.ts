import { MOBILE_BREAKPOINT_PX } from "@vrf/contract/constants.ts";
import { useSyncExternalStore } from "react";

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

/** SPEC section 9: below 992 px the sidebar becomes a drawer ("mobile mode"). */
export const useIsMobile = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
