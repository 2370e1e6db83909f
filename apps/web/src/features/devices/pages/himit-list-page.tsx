import { ControllerList } from "../components/controller-list.tsx";

/** HiMit: the caller's HiMit devices. */
export default function HiMitListPage() {
  return <ControllerList kind="himit" />;
}
