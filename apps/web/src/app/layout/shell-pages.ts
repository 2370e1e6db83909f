import { type ComponentType, lazy } from "react";
import { withDashboardTexts, withShellTexts } from "../page-texts.ts";
import type { ShellPages } from "../shell-page.tsx";

type PageModule = { default: ComponentType };

/**
 * A page of a feature: its code and the texts of the shell's other areas arrive together
 * (lib/i18n.ts `loadShellTexts`; the shell itself needs only the start pack's).
 */
const featurePage = (load: () => Promise<PageModule>) => lazy(withShellTexts(load));

// The coming-soon page speaks the start pack's areas (common, menu) only.
const ComingSoon = lazy(() => import("../../components/coming-soon-page.tsx"));
const ChangePassword = featurePage(() => import("../../features/account/pages/change-password-page.tsx"));
const PersonalInfo = featurePage(() => import("../../features/account/pages/personal-info-page.tsx"));
const PersonInfoEdit = featurePage(() => import("../../features/account/pages/person-info-edit-page.tsx"));
// The module's home, opened first by most sessions: it waits for its own area's texts only.
const Agency = lazy(withDashboardTexts(() => import("../../features/agency/pages/agency-page.tsx")));
const ProjectList = featurePage(() => import("../../features/projects/pages/project-list-page.tsx"));
const ProjectWriteIn = featurePage(() => import("../../features/projects/pages/project-write-in-page.tsx"));
const ProjectMap = featurePage(() => import("../../features/projects/pages/project-map-page.tsx"));
const ProjectDetail = featurePage(() => import("../../features/projects/pages/project-detail-page.tsx"));
const HiMitList = featurePage(() => import("../../features/devices/pages/himit-list-page.tsx"));
const HiMitDetail = featurePage(() => import("../../features/devices/pages/himit-detail-page.tsx"));
const HiDomList = featurePage(() => import("../../features/devices/pages/hidom-list-page.tsx"));
const HiDomDetail = featurePage(() => import("../../features/devices/pages/hidom-detail-page.tsx"));
const SmartTouchList = featurePage(() => import("../../features/devices/pages/smarttouch-list-page.tsx"));
const SmartTouchDetail = featurePage(() => import("../../features/devices/pages/smarttouch-detail-page.tsx"));
const CheckerList = featurePage(() => import("../../features/devices/pages/checker-list-page.tsx"));
const CheckerWriteIn = featurePage(() => import("../../features/devices/pages/checker-write-in-page.tsx"));
const CheckerDetail = featurePage(() => import("../../features/devices/pages/checker-detail-page.tsx"));
const CkCheckerList = featurePage(() => import("../../features/devices/pages/ck-checker-list-page.tsx"));
const CkCheckerDetail = featurePage(() => import("../../features/devices/pages/ck-checker-detail-page.tsx"));
const CheckerTaskList = featurePage(() => import("../../features/checker-tasks/pages/checker-task-list-page.tsx"));
const CreateCheckerTask = featurePage(() => import("../../features/checker-tasks/pages/create-task-page.tsx"));
const CheckerTaskHistory = featurePage(() => import("../../features/checker-tasks/pages/task-history-page.tsx"));
const MessageReport = featurePage(() => import("../../features/checker-tasks/pages/message-report-page.tsx"));
const CheckerData = featurePage(() => import("../../features/checker-tasks/pages/checker-data-page.tsx"));
const CkOutdoorUnits = featurePage(() => import("../../features/devices/pages/ck-outdoor-unit-list-page.tsx"));
const CkIndoorUnits = featurePage(() => import("../../features/devices/pages/ck-indoor-unit-list-page.tsx"));
const DeviceDetails = featurePage(() => import("../../features/devices/pages/device-details-page.tsx"));
const OutdoorUnits = featurePage(() => import("../../features/devices/pages/outdoor-unit-list-page.tsx"));
const IndoorUnits = featurePage(() => import("../../features/devices/pages/indoor-unit-list-page.tsx"));
const FaultAnalysis = featurePage(() => import("../../features/faults/pages/fault-analysis-page.tsx"));
const DeviceImport = featurePage(() => import("../../features/device-import/pages/device-import-page.tsx"));
const RepairReportList = featurePage(() => import("../../features/repair-reports/pages/repair-report-list-page.tsx"));
const RepairReportDetail = featurePage(
  () => import("../../features/repair-reports/pages/repair-report-detail-page.tsx"),
);
const SubDistributorManagement = featurePage(
  () => import("../../features/sub-distributors/pages/sub-distributor-management-page.tsx"),
);
const SecurityEvents = featurePage(() => import("../../features/security-events/pages/security-events-page.tsx"));
const ClientErrors = featurePage(() => import("../../features/client-errors/pages/client-errors-page.tsx"));
const DeviceDeadLetters = featurePage(
  () => import("../../features/device-dead-letters/pages/device-dead-letters-page.tsx"),
);
const PcSoftware = featurePage(() => import("../../features/software-packages/pages/pc-software-page.tsx"));
const TeamMembers = featurePage(() => import("../../features/team/pages/team-members-page.tsx"));

/**
 * The page each route of the registry (app/route-registry.ts) shows, by route name; a page not
 * delivered yet shows the coming-soon page. Imported by the layout only, so the bundler knows
 * every page loads after the layout (app/shell-page.tsx says why that matters).
 */
const PAGES: Readonly<Record<string, ComponentType>> = {
  agency: Agency,
  // The Hi-Checker module's home, like Agency: its own area's texts only.
  Dashboard: lazy(
    withDashboardTexts(() => import("../../features/checker-dashboard/pages/checker-dashboard-page.tsx")),
  ),
  ProjectList: ProjectList,
  projectWriteIn: ProjectWriteIn,
  projectMap: ProjectMap,
  projectDetail: ProjectDetail,
  HiMit: HiMitList,
  HiMitDeviceDetails: HiMitDetail,
  HiDom: HiDomList,
  HiDomDeviceDetails: HiDomDetail,
  SmartTouch: SmartTouchList,
  SmartTouchDeviceDetails: SmartTouchDetail,
  HiMitChecker: CheckerList,
  CheckerWriteIn: CheckerWriteIn,
  CheckerDetail: CheckerDetail,
  CkHiMitChecker: CkCheckerList,
  CkCheckerDetail: CkCheckerDetail,
  CheckerTaskList: CheckerTaskList,
  createDataReport: CreateCheckerTask,
  HistoricalRecords: CheckerTaskHistory,
  MessageReport: MessageReport,
  checkerData: CheckerData,
  CkOutDoor: CkOutdoorUnits,
  CkInDoor: CkIndoorUnits,
  CkSystemCycle: featurePage(() => import("../../features/devices/pages/ck-system-cycle-page.tsx")),
  DeviceDetails: DeviceDetails,
  OutDoor: OutdoorUnits,
  InDoor: IndoorUnits,
  FaultAnalysis: FaultAnalysis,
  CkFaultAnalysis: featurePage(() => import("../../features/faults/pages/ck-fault-analysis-page.tsx")),
  DeviceImporting: DeviceImport,
  Repairreport: RepairReportList,
  RepairReportDetail: RepairReportDetail,
  PCSoftware: PcSoftware,
  distributorManagement: SubDistributorManagement,
  securityEvents: SecurityEvents,
  clientErrors: ClientErrors,
  deviceDeadLetters: DeviceDeadLetters,
  teamMembers: TeamMembers,
  personInfoEdit: PersonInfoEdit,
  changePwd: ChangePassword,
  changePwd2: ChangePassword,
  perInfo: PersonalInfo,
};

export const SHELL_PAGE_NAMES: readonly string[] = Object.keys(PAGES);

export const shellPages: ShellPages = (routeName) => PAGES[routeName] ?? ComingSoon;
