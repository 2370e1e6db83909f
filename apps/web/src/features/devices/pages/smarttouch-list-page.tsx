import { ControllerList } from "../components/controller-list.tsx";

/** SmartTouch: the caller's SmartTouch devices. */
export default function SmartTouchListPage() {
  return <ControllerList kind="smarttouch" />;
}
