import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type ListState, readListState, writeListState } from "../utils/list-params.ts";

/** A list's filters, page and sort, kept in the address. `filterKeys` must be a module constant. */
export const useListState = <F extends string>(filterKeys: readonly F[]) => {
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const state = useMemo(() => readListState(params, filterKeys), [serialised, filterKeys]);
  const update = useCallback((next: ListState<F>) => setParams(writeListState(next), { replace: true }), [setParams]);
  return [state, update] as const;
};
