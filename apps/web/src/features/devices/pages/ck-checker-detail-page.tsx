import { CheckerDetail } from "../components/checker-detail.tsx";
import { HI_CHECKER_CHECKERS } from "../utils/checker-pages.ts";

/** CkCheckerDetail: one checker of the engineer's scope (`?id=`). */
export default function CkCheckerDetailPage() {
  return <CheckerDetail pages={HI_CHECKER_CHECKERS} />;
}
