import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-error.ts";

/** Errors with an envelope are answers, not glitches: only transport failures are retried, once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.transport === "network",
    },
    mutations: { retry: false },
  },
});
