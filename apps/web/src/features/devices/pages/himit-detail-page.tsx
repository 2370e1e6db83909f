import { ControllerDetail } from "../components/controller-detail.tsx";

/** HiMitDeviceDetails: one HiMit device (`?id=`). */
export default function HiMitDetailPage() {
  return <ControllerDetail kind="himit" />;
}
