import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { ZCommandListRequest, ZControlRequest, ZDeviceCommand } from "../devices/commands.ts";
import { ZId } from "../devices/common.ts";
import { ZUnitHistory, ZUnitHistoryRequest } from "../devices/unit-history.ts";
import { ZIndoorUnit, ZIndoorUnitListRequest, ZOutdoorUnit, ZOutdoorUnitListRequest } from "../devices/units.ts";
import { defineEndpoint } from "../endpoint.ts";
import { TEXT_CHECKS } from "../rules.ts";

/**
 * One checker's system in the Hi-Checker module: its units, their history, remote control and
 * its commands. Every call names the checker (`deviceId`), which must be one of the caller's
 * scope (else 404); answers are Distributor Cloud's.
 */
const ofChecker = { deviceId: ZId };

export const listHiCheckerOutdoorUnits = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/units/outdoor/list",
  request: ZOutdoorUnitListRequest.omit({ projectId: true, deviceSerial: true }).extend(ofChecker),
  response: ZPage(ZOutdoorUnit),
});

export const listHiCheckerIndoorUnits = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/units/indoor/list",
  request: ZIndoorUnitListRequest.omit({ projectId: true, deviceSerial: true }).extend(ofChecker),
  response: ZPage(ZIndoorUnit),
});

export const getHiCheckerOutdoorHistory = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/units/outdoor/history",
  request: ZUnitHistoryRequest,
  response: ZUnitHistory,
});

export const getHiCheckerIndoorHistory = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/units/indoor/history",
  request: ZUnitHistoryRequest,
  response: ZUnitHistory,
});

export const controlHiCheckerUnits = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/commands/control",
  request: ZControlRequest,
  response: ZDeviceCommand,
});

export const getHiCheckerCommand = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/commands/get",
  request: z.object({ ...ofChecker, id: z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line) }),
  response: ZDeviceCommand,
});

export const listHiCheckerCommands = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/commands/list",
  request: ZCommandListRequest,
  response: ZPage(ZDeviceCommand),
});
