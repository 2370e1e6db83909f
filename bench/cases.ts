/** What the benchmark calls: the pages' first requests, as the web app sends them. */
export interface BenchCase {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: object;
  /** Served by the bare Fastify of the bench server, not the portal. */
  bare?: boolean;
  /** The reference the other rows are compared with. */
  baseline?: boolean;
  public?: boolean;
  /**
   * Each call asks for another page (number and size at random), so it is rarely an answer kept
   * from an earlier call: what a list costs when it is built.
   */
  varyPage?: boolean;
  /** Called with a Hi-Checker (authority 5) session instead of Distributor Cloud's. */
  hiChecker?: boolean;
}

export interface BenchIds {
  projectId: number;
  deviceId: number;
  /** The seeded tasks (bench/scale-tasks.ts): a capture of 1,000,000 frames, a collection of 100,000 reports. */
  captureTaskId: string;
  collectionTaskId: string;
  collectionSystem: number;
}

const D = "/hmt-web/distributor";
const K = "/hmt-web/himit-checker";

export const benchCases = ({
  projectId,
  deviceId,
  captureTaskId,
  collectionTaskId,
  collectionSystem,
}: BenchIds): BenchCase[] => [
  { name: "baseline: bare Fastify, 200-object array", method: "GET", path: "/baseline", bare: true, baseline: true },
  { name: "baseline: select 1", method: "GET", path: "/select1", bare: true },
  { name: "public language list", method: "GET", path: "/hmt-web/basic/getLanguageList", public: true },
  { name: "project list, page 1 of 20", method: "POST", path: `${D}/project/list`, body: { pageNum: 1, pageSize: 20 } },
  {
    name: "project list, page 200",
    method: "POST",
    path: `${D}/project/list`,
    body: { pageNum: 200, pageSize: 20 },
  },
  {
    name: "project list, name search",
    method: "POST",
    path: `${D}/project/list`,
    body: { pageNum: 1, pageSize: 20, keyword: "Hotel B 12" },
  },
  {
    name: "project list, by alarm count",
    method: "POST",
    path: `${D}/project/list`,
    body: { pageNum: 1, pageSize: 20, sort: "alarmCount", order: "descend" },
  },
  {
    name: "project list, in alarm",
    method: "POST",
    path: `${D}/project/list`,
    body: { pageNum: 1, pageSize: 20, alarmState: "alarm" },
  },
  {
    name: "project list, a new page each call",
    method: "POST",
    path: `${D}/project/list`,
    body: { pageNum: 1, pageSize: 20 },
    varyPage: true,
  },
  { name: "project map points (all)", method: "GET", path: `${D}/project/map_points` },
  { name: "project devices", method: "GET", path: `${D}/project/devices?projectId=${projectId}&pageNum=1&pageSize=20` },
  {
    name: "project open faults",
    method: "GET",
    path: `${D}/project/faults?projectId=${projectId}&pageNum=1&pageSize=20`,
  },
  { name: "Hi-Mit list, page of 20", method: "GET", path: `${D}/devices/list?kind=himit&pageNum=1&pageSize=20` },
  { name: "Hi-Dom list, page of 20", method: "GET", path: `${D}/devices/list?kind=hidom&pageNum=1&pageSize=20` },
  {
    name: "SmartTouch list, offline",
    method: "GET",
    path: `${D}/devices/list?kind=smarttouch&status=offline&pageNum=1&pageSize=20`,
  },
  { name: "checker list, page of 20", method: "GET", path: `${D}/devices/checker/list?pageNum=1&pageSize=20` },
  { name: "outdoor units, page of 20", method: "GET", path: `${D}/devices/outdoor/list?pageNum=1&pageSize=20` },
  { name: "indoor units, page of 20", method: "GET", path: `${D}/devices/indoor/list?pageNum=1&pageSize=20` },
  { name: "fault records, page of 20", method: "GET", path: `${D}/faults/list?pageNum=1&pageSize=20` },
  {
    name: "fault records, a new page each call",
    method: "GET",
    path: `${D}/faults/list?pageNum=1&pageSize=20`,
    varyPage: true,
  },
  { name: "fault records, open only", method: "GET", path: `${D}/faults/list?state=open&pageNum=1&pageSize=20` },
  {
    name: "fault records of a project",
    method: "GET",
    path: `${D}/faults/list?projectId=${projectId}&pageNum=1&pageSize=20`,
  },
  {
    name: "fault records of a device",
    method: "GET",
    path: `${D}/faults/list?deviceId=${deviceId}&pageNum=1&pageSize=20`,
  },
  { name: "fault statistics (all history)", method: "GET", path: `${D}/faults/stats?utcOffsetMinutes=480` },
  {
    name: "fault statistics (one code)",
    method: "GET",
    path: `${D}/faults/stats?code=E01&utcOffsetMinutes=480`,
  },
  { name: "agency dashboard", method: "GET", path: `${D}/agency/dashboard?utcOffsetMinutes=480` },
  {
    name: "repair reports, page of 20",
    method: "POST",
    path: `${D}/repair_report/list`,
    body: { pageNum: 1, pageSize: 20 },
  },
  {
    name: "sub-distributors, page of 20",
    method: "POST",
    path: `${D}/sub-distributors/list`,
    body: { pageNum: 1, pageSize: 20 },
  },
  {
    name: "security events, page of 20",
    method: "POST",
    path: `${D}/security-events/list`,
    body: { pageNum: 1, pageSize: 20 },
  },
  {
    name: "Hi-Checker: checker list, page of 20",
    method: "GET",
    path: `${K}/checkers/list?pageNum=1&pageSize=20`,
    hiChecker: true,
  },
  {
    name: "Hi-Checker: checker fault records, page of 20",
    method: "GET",
    path: `${K}/faults/list?pageNum=1&pageSize=20`,
    hiChecker: true,
  },
  {
    name: "Hi-Checker: checker fault records, a new page each call",
    method: "GET",
    path: `${K}/faults/list?pageNum=1&pageSize=20`,
    hiChecker: true,
    varyPage: true,
  },
  {
    name: "Hi-Checker: checker fault statistics (all history)",
    method: "GET",
    path: `${K}/faults/stats?utcOffsetMinutes=480`,
    hiChecker: true,
  },
  {
    name: "Hi-Checker: task history, page of 20",
    method: "GET",
    path: `${K}/tasks/list?state=ended&pageNum=1&pageSize=20`,
    hiChecker: true,
  },
  {
    name: "message report (1,000,000 frames), page 1",
    method: "GET",
    path: `${K}/tasks/frames?taskId=${captureTaskId}&pageNum=1&pageSize=50`,
    hiChecker: true,
  },
  {
    name: "message report (1,000,000 frames), last page",
    method: "GET",
    path: `${K}/tasks/frames?taskId=${captureTaskId}&pageNum=20000&pageSize=50`,
    hiChecker: true,
  },
  {
    name: "message report (1,000,000 frames), a new page each call",
    method: "GET",
    path: `${K}/tasks/frames?taskId=${captureTaskId}&pageNum=1&pageSize=50`,
    hiChecker: true,
    varyPage: true,
  },
  {
    name: "message report, one unit's frames, page 100",
    method: "GET",
    path: `${K}/tasks/frames?taskId=${captureTaskId}&address=34&pageNum=100&pageSize=50`,
    hiChecker: true,
  },
  {
    name: "message report, one command, page 1",
    method: "GET",
    path: `${K}/tasks/frames?taskId=${captureTaskId}&command=48&pageNum=1&pageSize=50`,
    hiChecker: true,
  },
  {
    name: "message report, byte search, page 1",
    method: "GET",
    path: `${K}/tasks/frames?taskId=${captureTaskId}&pattern=5566&pageNum=1&pageSize=50`,
    hiChecker: true,
  },
  {
    name: "collected data (100,000 reports), page 1",
    method: "GET",
    path: `${K}/tasks/readings?taskId=${collectionTaskId}&side=indoor&systemNumber=${collectionSystem}&address=5&pageNum=1&pageSize=50`,
    hiChecker: true,
  },
  {
    name: "collected data (100,000 reports), last page",
    method: "GET",
    path: `${K}/tasks/readings?taskId=${collectionTaskId}&side=indoor&systemNumber=${collectionSystem}&address=5&pageNum=2000&pageSize=50`,
    hiChecker: true,
  },
  {
    name: "collected data (100,000 reports), a new page each call",
    method: "GET",
    path: `${K}/tasks/readings?taskId=${collectionTaskId}&side=outdoor&systemNumber=${collectionSystem}&address=1&pageNum=1&pageSize=50`,
    hiChecker: true,
    varyPage: true,
  },
];
