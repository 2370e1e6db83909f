import { Card } from "antd";
import { useSearchParams } from "react-router";
import { idFromQuery } from "../utils/device-display.ts";
import { DeviceModuleContext, HI_CHECKER_DEVICES } from "../utils/device-module.ts";
import { CheckerPicker } from "./checker-picker.tsx";
import { IndoorTab, OutdoorTab } from "./device-units.tsx";
import "./devices.css";

/**
 * CkOutDoor and CkInDoor: the live units of one checker's system (`?deviceId=`, the first of the
 * engineer's checkers until one is chosen), with history in each unit's drawer and remote control
 * of indoor units, all through the Hi-Checker module's calls.
 */
export function CheckerUnits({ kind }: { kind: "outdoor" | "indoor" }) {
  const [params, setParams] = useSearchParams();
  const deviceId = idFromQuery(params.get("deviceId"));
  const choose = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("deviceId", String(id));
        return next;
      },
      { replace: deviceId === null },
    );
  return (
    <DeviceModuleContext value={HI_CHECKER_DEVICES}>
      <div className="devices-page">
        <Card variant="borderless" className="devices-card">
          <CheckerPicker value={deviceId} onChange={choose} />
        </Card>
        {deviceId === null ? null : (
          <Card variant="borderless" className="devices-card">
            {kind === "outdoor" ? (
              <OutdoorTab key={deviceId} deviceId={deviceId} />
            ) : (
              <IndoorTab key={deviceId} deviceId={deviceId} controllable />
            )}
          </Card>
        )}
      </div>
    </DeviceModuleContext>
  );
}
