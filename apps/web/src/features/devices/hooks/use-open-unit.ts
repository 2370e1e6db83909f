import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { useCallback, useState } from "react";
import type { DrawerUnit } from "../components/unit-drawer.tsx";

type Row = TOutdoorUnit | TIndoorUnit;

/**
 * The unit whose drawer is open on a unit list. The drawer shows the list's current row for it,
 * so a refresh (a live report, a confirmed command) shows at once; when the row has left the
 * page, the last one seen stays, marked stale.
 */
export const useOpenUnit = (kind: "outdoor" | "indoor", rows: readonly Row[] | undefined) => {
  const [opened, setOpened] = useState<Row | null>(null);
  const fresh = opened ? rows?.find((row) => row.id === opened.id) : undefined;
  const unit = fresh ?? opened;
  const open: DrawerUnit | null = unit
    ? kind === "indoor"
      ? { kind, unit: unit as TIndoorUnit }
      : { kind, unit: unit as TOutdoorUnit }
    : null;
  const show = useCallback((row: Row) => setOpened(row), []);
  const close = useCallback(() => setOpened(null), []);
  return { open, stale: opened !== null && rows !== undefined && !fresh, show, close };
};
