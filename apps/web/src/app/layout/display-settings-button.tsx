import { SkinOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

// Loaded on first use: the panel brings antd's colour picker, which no page needs before.
const DisplaySettingsDrawer = lazy(() => import("./display-settings-drawer.tsx"));

/** The top bar's entry to the display settings (SPEC section 3 "Settings"). */
export function DisplaySettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const label = t("common:displaySettings.open");
  return (
    <>
      {/* No tooltip over the open panel (the pointer is still where the button was). */}
      <Tooltip title={label} {...(open ? { open: false } : {})}>
        <Button
          type="text"
          className="navbar-icon-button"
          aria-label={label}
          aria-haspopup="dialog"
          icon={<SkinOutlined />}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {used ? (
        <Suspense fallback={null}>
          <DisplaySettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
