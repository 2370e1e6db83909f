import { ControlOutlined } from "@ant-design/icons";
import type { TIndoorUnit } from "@vrf/contract/devices/units.ts";
import { Button, Drawer, Grid, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isDeviceOffline, selectionTarget } from "../utils/control-options.ts";
import { ControlPanel } from "./control-panel.tsx";

/**
 * "Control selected": one command for the selected indoor units of one system of one device, not
 * offered while that device is offline. `selected` should be the units as the list shows them now
 * (`latestOfSelection`), so the device's state is current.
 */
export function SelectionControl({ selected, onClear }: { selected: readonly TIndoorUnit[]; onClear: () => void }) {
  const { t } = useTranslation("devices");
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  const target = selectionTarget(selected);
  const first = selected[0];
  const offline = target !== null && target !== "mixed" && isDeviceOffline(target.units);

  const button = (
    <Button
      icon={<ControlOutlined />}
      disabled={target === null || target === "mixed" || offline}
      onClick={() => setOpen(true)}
    >
      {t("control.selected", { count: selected.length })}
    </Button>
  );

  return (
    <>
      {target === "mixed" ? (
        <Tooltip title={t("control.selectionMixed")}>{button}</Tooltip>
      ) : target === null ? (
        <Tooltip title={t("control.selectHint")}>{button}</Tooltip>
      ) : offline ? (
        <Tooltip title={t("control.offline")}>{button}</Tooltip>
      ) : (
        button
      )}
      {selected.length > 0 ? <Button onClick={onClear}>{t("control.clearSelection")}</Button> : null}
      <Drawer
        open={open && target !== null && target !== "mixed"}
        onClose={() => setOpen(false)}
        size={screens.md === false ? "100%" : 560}
        destroyOnHidden
        closable={{ "aria-label": t("unit.close") }}
        title={t("control.drawerTitle", { count: selected.length })}
      >
        {target && target !== "mixed" && first ? (
          <>
            <Typography.Paragraph type="secondary">
              {t("control.targets", {
                count: target.units.length,
                system: target.systemNumber,
                device: first.device.alias || first.device.serialNumber,
              })}
            </Typography.Paragraph>
            <ControlPanel target={target} />
          </>
        ) : null}
      </Drawer>
    </>
  );
}
