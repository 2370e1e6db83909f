import { ControllerDetail } from "../components/controller-detail.tsx";

/** HiDomDeviceDetails: one HiDom device (`?id=`). */
export default function HiDomDetailPage() {
  return <ControllerDetail kind="hidom" />;
}
