import { MOBILE_BREAKPOINT_PX } from "@vrf/contract/constants.ts";
import { useSyncExternalStore } from "react";

/** SPEC section 9's mobile mode (below 992 px): where the sidebar becomes a drawer, lists become cards. */
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

export const useListCards = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
