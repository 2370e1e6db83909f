import { CheckOutlined } from "@ant-design/icons";
import { DEFAULT_USER_SETTINGS, type TUserSettings, UI_SIZES } from "@vrf/contract/account/user-settings.ts";
import { App, Button, ColorPicker, Drawer, Flex, Radio, Switch, Tag, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-text.ts";
import { THEME_PRESETS } from "../../lib/user-settings.ts";
import { userSettingsStore, useUserSettingsState } from "../user-settings-store.ts";
import { useIsMobile } from "./use-is-mobile.ts";
import "./display-settings.css";

type Toggle = "tagsView" | "fixedHeader" | "sidebarLogo";
const TOGGLES: readonly Toggle[] = ["tagsView", "fixedHeader", "sidebarLogo"];

function ToggleRow({ name, value, onChange }: { name: Toggle; value: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="display-settings-toggle">
      <div>
        <label htmlFor={id} className="display-settings-toggle-label">
          {t(`common:displaySettings.${name}`)}
        </label>
        <Typography.Text type="secondary" className="display-settings-help">
          {t(`common:displaySettings.${name}Help`)}
        </Typography.Text>
      </div>
      <Switch id={id} checked={value} onChange={onChange} />
    </div>
  );
}

/**
 * SPEC section 3's settings panel. Every change shows at once (a preview over the saved set);
 * Save keeps it for the account, Cancel or closing goes back to what was saved, and "Reset to
 * defaults" previews SPEC section 9's defaults until saved.
 */
export default function DisplaySettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const { saved, preview } = useUserSettingsState();
  const shown = preview ?? saved;
  const [saving, setSaving] = useState(false);
  const sizeLabelId = useId();

  const change = (patch: Partial<TUserSettings>) => userSettingsStore.preview({ ...shown, ...patch });
  const cancel = () => {
    userSettingsStore.discardPreview();
    onClose();
  };
  const save = async () => {
    setSaving(true);
    try {
      await userSettingsStore.save();
      message.success(t("common:displaySettings.saved"));
      onClose();
    } catch (error) {
      message.error(t("common:displaySettings.saveFailed", { reason: errorMessage(t, error) }));
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Button onClick={() => change({ ...DEFAULT_USER_SETTINGS })} disabled={saving}>
        {t("common:displaySettings.reset")}
      </Button>
      <Flex gap={8}>
        <Button onClick={cancel} disabled={saving}>
          {t("common:displaySettings.cancel")}
        </Button>
        <Button type="primary" onClick={() => void save()} loading={saving} disabled={preview === null}>
          {t("common:displaySettings.save")}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Drawer
      open={open}
      onClose={cancel}
      title={t("common:displaySettings.title")}
      extra={preview ? <Tag color="warning">{t("common:displaySettings.unsaved")}</Tag> : null}
      size={isMobile ? "100%" : 360}
      footer={footer}
      className="display-settings"
    >
      <Typography.Paragraph type="secondary">{t("common:displaySettings.hint")}</Typography.Paragraph>

      <section className="display-settings-section" aria-labelledby={`${sizeLabelId}-colour`}>
        <h3 id={`${sizeLabelId}-colour`} className="display-settings-heading">
          {t("common:displaySettings.themeColor")}
        </h3>
        <div className="display-settings-swatches">
          {THEME_PRESETS.map((colour) => {
            const chosen = shown.themeColor === colour;
            return (
              <button
                key={colour}
                type="button"
                className="display-settings-swatch"
                style={{ background: colour }}
                aria-label={t("common:displaySettings.useColour", { colour })}
                aria-pressed={chosen}
                title={colour}
                onClick={() => change({ themeColor: colour })}
              >
                {chosen ? <CheckOutlined /> : null}
              </button>
            );
          })}
        </div>
        <Flex align="center" gap={8} className="display-settings-custom">
          <ColorPicker
            value={shown.themeColor}
            disabledAlpha
            showText
            format="hex"
            aria-label={t("common:displaySettings.customColour")}
            onChangeComplete={(colour) => change({ themeColor: colour.toHexString().toUpperCase() })}
          />
          <Typography.Text type="secondary">{t("common:displaySettings.customColour")}</Typography.Text>
        </Flex>
      </section>

      <section className="display-settings-section">
        <h3 id={sizeLabelId} className="display-settings-heading">
          {t("common:displaySettings.size")}
        </h3>
        <Radio.Group
          aria-labelledby={sizeLabelId}
          optionType="button"
          buttonStyle="solid"
          value={shown.size}
          onChange={(event) => change({ size: event.target.value })}
          options={UI_SIZES.map((size) => ({ value: size, label: t(`common:displaySettings.sizes.${size}`) }))}
        />
      </section>

      <section className="display-settings-section">
        <h3 className="display-settings-heading">{t("common:displaySettings.layout")}</h3>
        {TOGGLES.map((name) => (
          <ToggleRow key={name} name={name} value={shown[name]} onChange={(value) => change({ [name]: value })} />
        ))}
      </section>
    </Drawer>
  );
}
