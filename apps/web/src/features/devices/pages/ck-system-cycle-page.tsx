import { SystemCycle } from "../components/system-cycle.tsx";

/** CkSystemCycle: the refrigerant cycle of one system of one of the engineer's checkers, live. */
export default function CkSystemCyclePage() {
  return <SystemCycle />;
}
