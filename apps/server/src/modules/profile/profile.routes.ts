import { getNotificationSettings, updateNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import {
  addUserProfile,
  getAccountUserProfile,
  getUserProfile,
  updateUserProfile,
} from "@vrf/contract/account/profile.ts";
import { getUserInfoByEmail } from "@vrf/contract/account/user-info.ts";
import { getUserSettings, updateUserSettings } from "@vrf/contract/account/user-settings.ts";
import { AUTHORITY } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../app-error.ts";
import { ACCOUNT, addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function profileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, profiles, notificationSettings, userSettings, devices, scope, clock } = services;

  for (const endpoint of [getUserProfile, getAccountUserProfile]) {
    addRoute(app, sessions, endpoint, ACCOUNT, (_input, { caller }) => profiles.get(caller));
  }
  addRoute(app, sessions, addUserProfile, ACCOUNT, (input, { caller }) => profiles.add(caller, input));
  addRoute(app, sessions, updateUserProfile, ACCOUNT, (input, { caller }) => profiles.update(caller, input));

  addRoute(app, sessions, getNotificationSettings, ACCOUNT, async (_input, { caller }) => {
    const saved = await notificationSettings.find(caller.accountId);
    return (
      saved ?? { repairInfo: false, dailyFaultReport: false, hour: 8, email: caller.email, timezone: "Asia/Shanghai" }
    );
  });
  addRoute(app, sessions, updateNotificationSettings, ACCOUNT, async (input, { caller }) => {
    if (!Intl.supportedValuesOf("timeZone").includes(input.timezone) && input.timezone !== "UTC") {
      throw new AppError(Errors.parameterInvalid, { fields: [{ path: "timezone", message: "unknownTimezone" }] });
    }
    await notificationSettings.upsert(caller.accountId, input, clock.now());
    return input;
  });

  // Display settings: the caller's own account only, whichever module (or none) it is signed in to.
  addRoute(app, sessions, getUserSettings, ACCOUNT, (_input, { caller }) => userSettings.get(caller));
  addRoute(app, sessions, updateUserSettings, ACCOUNT, (input, { caller }) => userSettings.save(caller, input));

  // Only a distributor binds checker users, and only its own channel's accounts.
  addRoute(app, sessions, getUserInfoByEmail, moduleOf([AUTHORITY.distributor]), async (input, { caller }) =>
    devices.findBindableUser(await scope.of(caller), input.email),
  );
}
