import { FaultModuleContext, HI_CHECKER_FAULTS } from "../utils/fault-module.ts";
import FaultAnalysisPage from "./fault-analysis-page.tsx";

/**
 * CkFaultAnalysis: the faults raised through the engineer's checkers, with Distributor Cloud's
 * filters (by checker rather than project or distributor), charts and fault-code catalogue.
 */
export default function CkFaultAnalysisPage() {
  return (
    <FaultModuleContext value={HI_CHECKER_FAULTS}>
      <FaultAnalysisPage />
    </FaultModuleContext>
  );
}
