import { UnitList } from "../components/unit-list.tsx";

/** InDoor: indoor units across the caller's devices. */
export default function IndoorUnitListPage() {
  return <UnitList kind="indoor" />;
}
