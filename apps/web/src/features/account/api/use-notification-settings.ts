import { useQuery } from "@tanstack/react-query";
import { getNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import { call } from "../../../lib/api-client.ts";

export const NOTIFICATION_SETTINGS_KEY = ["notification-settings"] as const;

export const useNotificationSettings = () =>
  useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: () => call(getNotificationSettings, {}, { silent: true }),
  });
