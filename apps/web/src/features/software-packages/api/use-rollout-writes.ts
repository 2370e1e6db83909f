import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createRollout,
  pauseRollout,
  resumeRollout,
  type TCreateRolloutRequest,
} from "@vrf/contract/hi-checker/rollouts.ts";
import { call } from "../../../lib/api-client.ts";
import { rolloutKeys } from "./query-keys.ts";

/** Starts a rollout; its detail opens on the answer at once, and the rollouts are refreshed. */
export const useCreateRollout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateRolloutRequest) => call(createRollout, request, { silent: true }),
    onSuccess: (rollout) => {
      queryClient.setQueryData(rolloutKeys.one(rollout.id), rollout);
      return queryClient.invalidateQueries({ queryKey: rolloutKeys.all });
    },
  });
};

/**
 * Pauses or resumes a rollout. The rollouts are refreshed either way: a refusal usually means
 * the rollout moved meanwhile (it halted or finished), and the page should show where it is.
 */
export const useRolloutControl = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "pause" | "resume" }) =>
      call(action === "pause" ? pauseRollout : resumeRollout, { id }, { silent: true }),
    // The answer is the rollout as it now is: shown at once, before the refresh.
    onSuccess: (rollout) => queryClient.setQueryData(rolloutKeys.one(rollout.id), rollout),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolloutKeys.all }),
  });
};
