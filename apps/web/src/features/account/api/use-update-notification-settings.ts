import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TNotificationSettings, updateNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import { call } from "../../../lib/api-client.ts";
import { NOTIFICATION_SETTINGS_KEY } from "./use-notification-settings.ts";

export const useUpdateNotificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TNotificationSettings) => call(updateNotificationSettings, input, { silent: true }),
    onSuccess: (settings) => queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, settings),
  });
};
