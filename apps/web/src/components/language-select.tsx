import { CheckOutlined, DownOutlined, GlobalOutlined } from "@ant-design/icons";
import { Button, Popover } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n.ts";
import { setLanguage } from "../lib/language.ts";
import { useSupportedLanguages } from "../lib/use-supported-languages.ts";
import "./language-select.css";

/**
 * Chinese / English switch (SPEC section 9), offering the server's language list
 * (`supportLang`); choosing reloads the app in that language. A small
 * menu in a popover rather than antd's Dropdown: the sign-in pages show this switch, and Dropdown
 * brings antd's whole Menu (with the layout's Sider) into their first load.
 */
export function LanguageSelect({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = currentLanguage();
  const languages = useSupportedLanguages();
  const activeItem = useRef<HTMLButtonElement>(null);
  // Focus moves into the menu when it opens, so the keyboard can choose at once.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => activeItem.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const menu = (
    <div
      role="menu"
      aria-label={t("common:languages.label")}
      className="language-select-menu"
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
    >
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          role="menuitem"
          aria-current={code === active}
          className={code === active ? "language-select-item language-select-item--active" : "language-select-item"}
          ref={code === active ? activeItem : undefined}
          onClick={() => {
            setOpen(false);
            if (code !== active) void setLanguage(code);
          }}
        >
          <span>{t(`common:languages.${code}`)}</span>
          {code === active && <CheckOutlined />}
        </button>
      ))}
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      arrow={false}
      open={open}
      onOpenChange={setOpen}
      content={menu}
      classNames={{ root: "language-select-popover" }}
    >
      <Button
        type="text"
        className={className}
        aria-label={t("common:languages.label")}
        aria-haspopup="menu"
        aria-expanded={open}
        icon={<GlobalOutlined />}
      >
        {compact ? null : (
          <>
            {t(`common:languages.${active}`)}
            <DownOutlined className="language-select-caret" />
          </>
        )}
      </Button>
    </Popover>
  );
}
