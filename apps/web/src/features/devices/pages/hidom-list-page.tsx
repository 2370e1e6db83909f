import { ControllerList } from "../components/controller-list.tsx";

/** HiDom: the caller's HiDom devices. */
export default function HiDomListPage() {
  return <ControllerList kind="hidom" />;
}
