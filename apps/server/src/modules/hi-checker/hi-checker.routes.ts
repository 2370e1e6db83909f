import { getHiCheckerDetail, listHiCheckers } from "@vrf/contract/hi-checker/checkers.ts";
import { getCheckerDashboard } from "@vrf/contract/hi-checker/dashboard.ts";
import {
  exportHiCheckerFaults,
  getHiCheckerFaultStats,
  listHiCheckerFaultCodes,
  listHiCheckerFaultDeviceOptions,
  listHiCheckerFaults,
} from "@vrf/contract/hi-checker/faults.ts";
import {
  exportHiCheckerTaskFrames,
  exportHiCheckerTaskReadings,
  listHiCheckerTaskFrames,
  listHiCheckerTaskReadings,
} from "@vrf/contract/hi-checker/task-data.ts";
import {
  createHiCheckerTaskReport,
  downloadHiCheckerTaskReport,
  listHiCheckerTaskReports,
} from "@vrf/contract/hi-checker/task-reports.ts";
import {
  createHiCheckerTask,
  getHiCheckerTask,
  listHiCheckerTasks,
  stopHiCheckerTask,
} from "@vrf/contract/hi-checker/tasks.ts";
import {
  controlHiCheckerUnits,
  getHiCheckerCommand,
  getHiCheckerIndoorHistory,
  getHiCheckerOutdoorHistory,
  listHiCheckerCommands,
  listHiCheckerIndoorUnits,
  listHiCheckerOutdoorUnits,
} from "@vrf/contract/hi-checker/units.ts";
import type { FastifyInstance } from "fastify";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { checkerScopeOf } from "../scope/scope.service.ts";
import type { Caller } from "../session/session.service.ts";

/**
 * The Hi-Checker module (authority 5). Its checkers are Distributor Cloud's devices seen through
 * the module's own scope; their answers are not kept (plugins/kept-answers.ts), since checkers bound
 * to an engineer cross the organisations a kept answer's version counts. A call about one
 * checker's system runs Distributor Cloud's service in that checker's scope, for that checker only.
 */
export default async function hiCheckerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const {
    sessions,
    devices,
    deviceCommands,
    unitHistory,
    checkerTasks,
    taskData,
    taskReports,
    checkerDashboard,
    faults,
  } = services;
  const hiChecker = moduleOf([5]);
  const checkerOf = (caller: Caller, deviceId: number) => devices.ofChecker(checkerScopeOf(caller), deviceId);
  const checkerFaults = (caller: Caller) => ({ ...checkerScopeOf(caller), checkersOnly: true });
  const issuerOf = (caller: Caller) => ({ accountId: caller.accountId, customerId: caller.customerId });

  addRoute(app, sessions, listHiCheckers, hiChecker, (input, { caller }) =>
    devices.listCheckers(checkerScopeOf(caller), input),
  );
  addRoute(app, sessions, getHiCheckerDetail, hiChecker, (input, { caller }) =>
    devices.checkerDetail(checkerScopeOf(caller), input.id),
  );
  addRoute(app, sessions, listHiCheckerOutdoorUnits, hiChecker, async (input, { caller }) =>
    devices.listOutdoorUnits(await checkerOf(caller, input.deviceId), input),
  );
  addRoute(app, sessions, listHiCheckerIndoorUnits, hiChecker, async (input, { caller }) =>
    devices.listIndoorUnits(await checkerOf(caller, input.deviceId), input),
  );
  addRoute(app, sessions, getHiCheckerOutdoorHistory, hiChecker, async (input, { caller }) =>
    unitHistory.series(await checkerOf(caller, input.deviceId), "outdoor", input),
  );
  addRoute(app, sessions, getHiCheckerIndoorHistory, hiChecker, async (input, { caller }) =>
    unitHistory.series(await checkerOf(caller, input.deviceId), "indoor", input),
  );
  addRoute(app, sessions, controlHiCheckerUnits, hiChecker, async (input, { caller }) =>
    deviceCommands.control(
      await checkerOf(caller, input.deviceId),
      { accountId: caller.accountId, customerId: caller.customerId },
      input,
    ),
  );
  addRoute(app, sessions, getHiCheckerCommand, hiChecker, async (input, { caller }) =>
    deviceCommands.findOfDevice(await checkerOf(caller, input.deviceId), input.deviceId, input.id),
  );
  addRoute(app, sessions, listHiCheckerCommands, hiChecker, async (input, { caller }) =>
    deviceCommands.list(await checkerOf(caller, input.deviceId), input.deviceId, input.pageNum, input.pageSize),
  );

  addRoute(app, sessions, listHiCheckerTasks, hiChecker, (input, { caller }) =>
    checkerTasks.list(checkerScopeOf(caller), input),
  );
  addRoute(app, sessions, getHiCheckerTask, hiChecker, (input, { caller }) =>
    checkerTasks.get(checkerScopeOf(caller), input.id),
  );
  addRoute(app, sessions, createHiCheckerTask, hiChecker, async (input, { caller }) =>
    checkerTasks.create(await checkerOf(caller, input.deviceId), issuerOf(caller), input),
  );
  addRoute(app, sessions, stopHiCheckerTask, hiChecker, (input, { caller }) =>
    checkerTasks.stop(checkerScopeOf(caller), issuerOf(caller), input.id),
  );
  addRoute(app, sessions, listHiCheckerTaskFrames, hiChecker, (input, { caller }) =>
    taskData.frames(checkerScopeOf(caller), input),
  );
  addDownloadRoute(app, sessions, exportHiCheckerTaskFrames, hiChecker, (input, { caller, language }) =>
    taskData.exportFrames(checkerScopeOf(caller), input, language),
  );
  addRoute(app, sessions, listHiCheckerTaskReadings, hiChecker, (input, { caller }) =>
    taskData.readings(checkerScopeOf(caller), input),
  );
  addDownloadRoute(app, sessions, exportHiCheckerTaskReadings, hiChecker, (input, { caller, language }) =>
    taskData.exportReadings(checkerScopeOf(caller), input, language),
  );
  addRoute(app, sessions, listHiCheckerTaskReports, hiChecker, (input, { caller }) =>
    taskReports.list(checkerScopeOf(caller), input.taskId),
  );
  addRoute(app, sessions, createHiCheckerTaskReport, hiChecker, (input, { caller, language }) =>
    taskReports.create(checkerScopeOf(caller), caller.accountId, input, language),
  );
  addDownloadRoute(app, sessions, downloadHiCheckerTaskReport, hiChecker, (input, { caller }) =>
    taskReports.download(checkerScopeOf(caller), input.id, input.utcOffsetMinutes),
  );
  addRoute(app, sessions, getCheckerDashboard, hiChecker, (input, { caller }) =>
    checkerDashboard.dashboard(checkerScopeOf(caller), input.utcOffsetMinutes),
  );
  addRoute(app, sessions, listHiCheckerFaults, hiChecker, (input, { caller, language }) =>
    faults.list(checkerFaults(caller), input, language),
  );
  addRoute(
    app,
    sessions,
    getHiCheckerFaultStats,
    hiChecker,
    (input, { caller, language }) => faults.stats(checkerFaults(caller), input, language),
    { report: true },
  );
  addDownloadRoute(app, sessions, exportHiCheckerFaults, hiChecker, (input, { caller, language }) =>
    faults.export(checkerFaults(caller), input, language),
  );
  addRoute(app, sessions, listHiCheckerFaultCodes, hiChecker, async (input, { language }) => ({
    list: await faults.codes(input.keyword, language),
  }));
  addRoute(app, sessions, listHiCheckerFaultDeviceOptions, hiChecker, async (input, { caller }) => ({
    list: await faults.deviceOptions(checkerFaults(caller), input),
  }));
}
