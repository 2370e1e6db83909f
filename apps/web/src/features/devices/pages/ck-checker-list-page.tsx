import { CheckerList } from "../components/checker-list.tsx";
import { HI_CHECKER_CHECKERS } from "../utils/checker-pages.ts";

/** CkHiMitChecker: the Hi-Checker module's checkers, those of the engineer's scope. */
export default function CkCheckerListPage() {
  return <CheckerList pages={HI_CHECKER_CHECKERS} />;
}
