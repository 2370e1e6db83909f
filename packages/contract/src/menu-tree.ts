/**
 * The menus the server seeds for each authority, built from SPEC section 2's
 * route names. A menu entry's `url` is a route name the web's route registry
 * knows; entries that are pages without a sidebar item (details, forms) are
 * still listed, because the web only allows routes named in the menu.
 */
export interface MenuSeed {
  name: string;
  icon?: string;
  children?: MenuSeed[];
}

const common: MenuSeed[] = [{ name: "changePwd" }, { name: "perInfo" }, { name: "personInfoEdit" }];

export const DISTRIBUTOR_MENU: MenuSeed[] = [
  { name: "agency", icon: "dashboard" },
  {
    name: "projectMangement",
    icon: "organization",
    children: [{ name: "ProjectList" }, { name: "projectMap" }, { name: "projectWriteIn" }, { name: "projectDetail" }],
  },
  {
    name: "equipmentCenter",
    icon: "equipmentCenter",
    children: [
      { name: "HiMit" },
      { name: "HiMitDeviceDetails" },
      { name: "HiDom" },
      { name: "HiDomDeviceDetails" },
      { name: "SmartTouch" },
      { name: "SmartTouchDeviceDetails" },
      { name: "HiMitChecker" },
      { name: "CheckerWriteIn" },
      { name: "CheckerDetail" },
      { name: "OutDoor", icon: "outDoor" },
      { name: "InDoor", icon: "inDoor" },
      { name: "FaultAnalysis", icon: "faultanalysis" },
      { name: "DeviceImporting", icon: "import" },
      { name: "Repairreport" },
      { name: "RepairReportDetail" },
    ],
  },
  {
    name: "platformCenter",
    icon: "user",
    children: [
      { name: "distributorManagement" },
      { name: "securityEvents", icon: "security" },
      { name: "clientErrors", icon: "faultanalysis" },
      { name: "deviceDeadLetters", icon: "gateway" },
      // Administrators only: the server leaves it out of a team member's menu.
      { name: "teamMembers", icon: "user" },
      ...common,
    ],
  },
];

export const CHECKER_MENU: MenuSeed[] = [
  { name: "Dashboard", icon: "dashboard" },
  {
    name: "equipmentCenter",
    icon: "equipmentCenter",
    children: [
      { name: "CkHiMitChecker" },
      { name: "CkCheckerDetail" },
      { name: "CheckerTaskList" },
      { name: "createDataReport" },
      { name: "HistoricalRecords" },
      { name: "MessageReport" },
      { name: "checkerData" },
      { name: "CkFaultAnalysis", icon: "faultanalysis" },
      { name: "CkOutDoor", icon: "outDoor" },
      { name: "CkInDoor", icon: "inDoor" },
    ],
  },
  { name: "platformCenter", icon: "user", children: [{ name: "PCSoftware", icon: "upgrade" }, ...common] },
];

export const MENU_BY_AUTHORITY: Record<number, MenuSeed[]> = { 2: DISTRIBUTOR_MENU, 5: CHECKER_MENU };
