import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { registerLeaveGuard } from "../../../lib/leave-guard.ts";

export type LeaveChoice = "save" | "discard" | "stay";

/**
 * Asks before unsaved edits are lost, whichever way the user leaves: in-app
 * navigation (router blocker), closing the page's tab (leave-guard registry) or
 * closing/reloading the browser tab (beforeunload, the browser's own dialog).
 * `save` resolves true when the changes were saved.
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

  useEffect(
    () =>
      registerLeaveGuard(routeName, () =>
        dirtyRef.current && !released.current
          ? new Promise<boolean>((resolve) => setTabQuestion(() => resolve))
          : Promise.resolve(true),
      ),
    [routeName],
  );

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
      if (leave) released.current = true;
      if (blocker.state === "blocked") {
        if (leave) blocker.proceed();
        else blocker.reset();
      }
      tabQuestion?.(leave);
      setTabQuestion(null);
    },
    [blocker, tabQuestion],
  );

  /** For the page's own navigation after a successful save. */
  const release = useCallback(() => {
    released.current = true;
  }, []);

  return { asking: blocker.state === "blocked" || tabQuestion !== null, saving, decide, release };
}
