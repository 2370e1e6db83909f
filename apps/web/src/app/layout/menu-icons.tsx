import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  HddOutlined,
  HomeOutlined,
  ImportOutlined,
  MonitorOutlined,
  TabletOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";
import type { MenuIconName } from "../route-registry.ts";

/** Menu icon names drawn with Ant Design icons. */
const ICONS: Record<MenuIconName, () => ReactNode> = {
  dashboard: () => <DashboardOutlined />,
  equipmentCenter: () => <AppstoreOutlined />,
  faultanalysis: () => <WarningOutlined />,
  outDoor: () => <HddOutlined />,
  inDoor: () => <HomeOutlined />,
  import: () => <ImportOutlined />,
  upgrade: () => <CloudUploadOutlined />,
  role: () => <TeamOutlined />,
  user: () => <UserOutlined />,
  organization: () => <ApartmentOutlined />,
  projectList: () => <UnorderedListOutlined />,
  map: () => <EnvironmentOutlined />,
  controller: () => <ControlOutlined />,
  gateway: () => <ClusterOutlined />,
  touchPanel: () => <TabletOutlined />,
  checker: () => <MonitorOutlined />,
  repair: () => <ToolOutlined />,
  security: () => <AuditOutlined />,
};

export const menuIcon = (name: MenuIconName | null): ReactNode => (name ? ICONS[name]() : undefined);
