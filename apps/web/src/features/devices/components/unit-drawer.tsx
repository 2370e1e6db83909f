import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { Alert, Card, Drawer, Grid, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../lib/relative-time.ts";
import { isControllable } from "../utils/control-options.ts";
import { ControlPanel } from "./control-panel.tsx";
import { IndoorFacts, OutdoorFacts } from "./unit-facts.tsx";
import { UnitHistory } from "./unit-history.tsx";

export type DrawerUnit = { kind: "outdoor"; unit: TOutdoorUnit } | { kind: "indoor"; unit: TIndoorUnit };

interface UnitDrawerProps {
  /** The unit as the list shows it now (refreshed by live events); null when closed. */
  open: DrawerUnit | null;
  /** The unit is not on the list's current page any more: its last known values are shown. */
  stale?: boolean;
  onClose: () => void;
}

/**
 * One unit from a unit list: its readings now, its history as charts, and (indoor units) the
 * remote-control panel. Readings come from the list's row, so they refresh with the list.
 */
export function UnitDrawer({ open, stale = false, onClose }: UnitDrawerProps) {
  const { t } = useTranslation("devices");
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const now = useNow();
  const unit = open?.unit ?? null;
  const ref = open
    ? {
        kind: open.kind,
        deviceId: open.unit.device.id,
        systemNumber: open.unit.systemNumber,
        address: open.unit.address,
      }
    : null;

  return (
    <Drawer
      open={open !== null}
      onClose={onClose}
      size={narrow ? "100%" : 760}
      destroyOnHidden
      closable={{ "aria-label": t("unit.close") }}
      title={
        unit && open
          ? t(open.kind === "indoor" ? "unit.indoorTitle" : "unit.outdoorTitle", {
              address: unit.address,
              system: unit.systemNumber,
            })
          : ""
      }
    >
      {open && ref ? (
        <Tabs
          // A new unit starts on its readings, with a fresh control panel and history.
          key={`${open.kind}:${open.unit.id}`}
          items={[
            {
              key: "now",
              label: t("unit.tabs.now"),
              children: (
                <div className="devices-drawer-stack">
                  {stale ? <Alert type="info" showIcon title={t("unit.gone")} /> : null}
                  {open.kind === "indoor" ? (
                    <>
                      <IndoorFacts unit={open.unit} now={now} />
                      <Card size="small" title={t("control.title")} className="devices-control-card">
                        {isControllable(open.unit.device.kind) ? (
                          <ControlPanel
                            target={{ deviceId: ref.deviceId, systemNumber: ref.systemNumber, units: [open.unit] }}
                          />
                        ) : (
                          <Alert type="info" showIcon title={t("control.notControllable")} />
                        )}
                      </Card>
                    </>
                  ) : (
                    <OutdoorFacts unit={open.unit} now={now} />
                  )}
                </div>
              ),
            },
            { key: "history", label: t("unit.tabs.history"), children: <UnitHistory unit={ref} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
}
