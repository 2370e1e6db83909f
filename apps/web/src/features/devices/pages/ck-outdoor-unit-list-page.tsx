import { CheckerUnits } from "../components/checker-units.tsx";

/** CkOutDoor: the outdoor units of one of the engineer's checkers. */
export default function CkOutdoorUnitListPage() {
  return <CheckerUnits kind="outdoor" />;
}
