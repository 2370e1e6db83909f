import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { discardKeptPage } from "./kept-pages.ts";
import { registerLeaveGuard } from "./leave-guard.ts";

/**
 * Asks before a half-filled form is lost, whichever way the user leaves: in-app navigation
 * (router blocker), closing the page's tab (leave-guard.ts) or closing or reloading the
 * browser tab (beforeunload, the browser's own dialog). The answer is leave or stay; a page that
 * can also save from the question builds on this (projects' useUnsavedChangesGuard). Once the user
 * chose to leave (or the form was sent), the kept tab starts afresh on its next visit.
 */
export function useLeaveGuard(routeName: string, dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // Set once the user chose to go (or the page sent the form and moves on): the next navigation passes.
  const released = useRef(false);
  const [tabQuestion, setTabQuestion] = useState<((leave: boolean) => void) | null>(null);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => {
    const hasEdits = () => dirtyRef.current && !released.current;
    return registerLeaveGuard(
      routeName,
      () => (hasEdits() ? new Promise<boolean>((resolve) => setTabQuestion(() => resolve)) : Promise.resolve(true)),
      hasEdits,
    );
  }, [routeName]);

  const release = useCallback(() => {
    released.current = true;
    discardKeptPage(routeName);
  }, [routeName]);

  const decide = useCallback(
    (leave: boolean) => {
      if (leave) release();
      if (blocker.state === "blocked") {
        if (leave) blocker.proceed();
        else blocker.reset();
      }
      tabQuestion?.(leave);
      setTabQuestion(null);
    },
    [blocker, tabQuestion, release],
  );

  return { asking: blocker.state === "blocked" || tabQuestion !== null, decide, release };
}
