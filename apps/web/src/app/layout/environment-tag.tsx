import { Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";

/** "Test environment" in the top bar: a module of its own, fetched in the test environment only. */
export default function EnvironmentTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("common:layout.testEnvironmentHint")}>
      <Tag className="navbar-environment" color="orange" variant="outlined">
        {t("common:layout.testEnvironment")}
      </Tag>
    </Tooltip>
  );
}
