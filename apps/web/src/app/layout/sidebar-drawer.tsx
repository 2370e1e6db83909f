import { SIDEBAR_WIDTH_PX } from "@vrf/contract/constants.ts";
import { Drawer } from "antd";
import { Sidebar } from "./sidebar.tsx";

/**
 * The sidebar below 992 px (SPEC section 9): a drawer from the left. A module of its own, loaded
 * only in mobile mode, so a desktop's first load of the shell does not carry antd's Drawer.
 */
export default function SidebarDrawer({
  open,
  showLogo,
  onClose,
}: {
  open: boolean;
  showLogo: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDEBAR_WIDTH_PX}
      closable={false}
      className="sidebar-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <Sidebar collapsed={false} showLogo={showLogo} onNavigate={onClose} />
    </Drawer>
  );
}
