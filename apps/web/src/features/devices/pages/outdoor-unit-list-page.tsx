import { UnitList } from "../components/unit-list.tsx";

/** OutDoor: outdoor units across the caller's devices. */
export default function OutdoorUnitListPage() {
  return <UnitList kind="outdoor" />;
}
