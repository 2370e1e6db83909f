import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { markMessagesRead, messageInfo } from "@vrf/contract/module/messages.ts";
import { call } from "../../../lib/api-client.ts";

export const announcementsKey = ["announcements"] as const;

const REFRESH_MS = 5 * 60_000;

export const useAnnouncements = () =>
  useQuery({
    queryKey: announcementsKey,
    queryFn: ({ signal }) => call(messageInfo, {}, { signal, silent: true }),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });

/** The read call takes at most 200 ids; longer lists go in several calls. */
const MAX_IDS_PER_CALL = 200;

export const useMarkAnnouncementsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      for (let start = 0; start < ids.length; start += MAX_IDS_PER_CALL) {
        await call(markMessagesRead, { ids: ids.slice(start, start + MAX_IDS_PER_CALL) }, { silent: true });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
};
