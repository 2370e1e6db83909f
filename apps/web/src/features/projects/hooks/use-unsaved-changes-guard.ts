import { useCallback, useRef, useState } from "react";
import { useLeaveGuard } from "../../../lib/use-leave-guard.ts";

export type LeaveChoice = "save" | "discard" | "stay";

/**
 * The leave question of lib/use-leave-guard.ts with a third answer: save, then go. `save`
 * resolves true when the changes were saved; a failed save keeps the user on the page with the
 * edits and the server's messages.
 */
export function useUnsavedChangesGuard(options: { routeName: string; dirty: boolean; save: () => Promise<boolean> }) {
  const { routeName, dirty, save } = options;
  const guard = useLeaveGuard(routeName, dirty);
  const saveRef = useRef(save);
  saveRef.current = save;
  const [saving, setSaving] = useState(false);
  const { decide: leaveOrStay } = guard;

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
      leaveOrStay(leave);
    },
    [leaveOrStay],
  );

  return { asking: guard.asking, saving, decide, release: guard.release };
}
