import { NodeIndexOutlined } from "@ant-design/icons";
import { Button, Card } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { HI_CHECKER_CHECKERS } from "../utils/checker-pages.ts";
import { idFromQuery } from "../utils/device-display.ts";
import { DeviceModuleContext, HI_CHECKER_DEVICES } from "../utils/device-module.ts";
import { CheckerPicker } from "./checker-picker.tsx";
import { IndoorTab, OutdoorTab } from "./device-units.tsx";
import "./devices.css";

/**
 * CkOutDoor and CkInDoor: the live units of one checker's system (`?deviceId=`, the first of the
 * engineer's checkers until one is chosen), with history in each unit's drawer and remote control
 * of indoor units, all through the Hi-Checker module's calls; the checker's system cycle diagram
 * a click away.
 */
export function CheckerUnits({ kind }: { kind: "outdoor" | "indoor" }) {
  const { t } = useTranslation("devices");
  const navigate = useNavigate();
  const cyclePath = HI_CHECKER_CHECKERS.cyclePath;
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
          <div className="devices-checker-bar">
            <CheckerPicker value={deviceId} onChange={choose} />
            {cyclePath && deviceId !== null ? (
              <Button icon={<NodeIndexOutlined />} onClick={() => navigate(cyclePath(deviceId))}>
                {t("cycle.open")}
              </Button>
            ) : null}
          </div>
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
