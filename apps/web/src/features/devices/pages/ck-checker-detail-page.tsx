import { CheckerDetail } from "../components/checker-detail.tsx";
import { HI_CHECKER_CHECKERS } from "../utils/checker-pages.ts";
import { DeviceModuleContext, HI_CHECKER_DEVICES } from "../utils/device-module.ts";

/** CkCheckerDetail: one checker of the engineer's scope (`?id=`), its system and its commands. */
export default function CkCheckerDetailPage() {
  return (
    <DeviceModuleContext value={HI_CHECKER_DEVICES}>
      <CheckerDetail pages={HI_CHECKER_CHECKERS} />
    </DeviceModuleContext>
  );
}
