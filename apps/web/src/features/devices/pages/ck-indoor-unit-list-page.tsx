import { CheckerUnits } from "../components/checker-units.tsx";

/** CkInDoor: the indoor units of one of the engineer's checkers, with remote control. */
export default function CkIndoorUnitListPage() {
  return <CheckerUnits kind="indoor" />;
}
