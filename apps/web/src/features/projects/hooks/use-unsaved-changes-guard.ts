import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { discardKeptPage } from "../../../lib/kept-pages.ts";
import { registerLeaveGuard } from "../../../lib/leave-guard.ts";

export type LeaveChoice = "save" | "discard" | "stay";

/**
 * Asks before unsaved edits are lost, whichever way the user leaves: in-app
 * navigation (router blocker), closing the page's tab (leave-guard registry) or
 * closing/reloading the browser tab (beforeunload, the browser's own dialog).
 * `save` resolves true when the changes were saved. Once the user chose to go (or the page
 * saved and moves on), the page's kept tab state is dropped: its next visit starts afresh
 * instead of showing the edits the user let go.
 */
export function useUnsavedChangesGuard(options: { routeName: string; dirty: boolean; save: () => Promise<boolean> }) {
  const { routeName, dirty, save } = options;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const saveRef = useRef(save);
  saveRef.current = save;
  // Set once the user chose to go (or the page saved and navigates itself): the next navigation passes.
  const released = useRef(false);
  const [tabQuestion, setTabQuestion] = useState<((leave: boolean) => void) | null>(null);
  const [saving, setSaving] = useState(false);

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

  const decide = useCallback(
    async (choice: LeaveChoice) => {
      let leave = choice === "discard";
      if (choice === "save") {
        setSaving(true);
        try {
          leave = await saveRef.current();
        } finally {
          setSaving(false);
        }
      }
      if (leave) {
        released.current = true;
        discardKeptPage(routeName);
      }
      if (blocker.state === "blocked") {
        if (leave) blocker.proceed();
        else blocker.reset();
      }
      tabQuestion?.(leave);
      setTabQuestion(null);
    },
    [blocker, tabQuestion, routeName],
  );

  /** For the page's own navigation after a successful save. */
  const release = useCallback(() => {
    released.current = true;
    discardKeptPage(routeName);
  }, [routeName]);

  return { asking: blocker.state === "blocked" || tabQuestion !== null, saving, decide, release };
}
