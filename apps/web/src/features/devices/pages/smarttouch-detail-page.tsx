import { ControllerDetail } from "../components/controller-detail.tsx";

/** SmartTouchDeviceDetails: one SmartTouch device (`?id=`). */
export default function SmartTouchDetailPage() {
  return <ControllerDetail kind="smarttouch" />;
}
