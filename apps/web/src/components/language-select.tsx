import { DownOutlined, GlobalOutlined } from "@ant-design/icons";
import type { LanguageCode } from "@vrf/contract/constants.ts";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { currentLanguage, SUPPORTED_LANGUAGES } from "../lib/i18n.ts";
import { setLanguage } from "../lib/language.ts";

/** Chinese / English switch (SPEC section 9); choosing reloads the app in that language. */
export function LanguageSelect({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: SUPPORTED_LANGUAGES.map((code) => ({ key: code, label: t(`common:languages.${code}`) })),
        onClick: ({ key }) => {
          if (key !== active) void setLanguage(key as LanguageCode);
        },
      }}
    >
      <Button type="text" className={className} aria-label={t("common:languages.label")} icon={<GlobalOutlined />}>
        {compact ? null : (
          <>
            {t(`common:languages.${active}`)}
            <DownOutlined className="language-select-caret" />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
