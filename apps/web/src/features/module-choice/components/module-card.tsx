import {
  ArrowRightOutlined,
  CheckOutlined,
  CloudServerOutlined,
  LockOutlined,
  MonitorOutlined,
} from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import type { ModuleDefinition } from "../utils/modules.ts";

interface ModuleCardProps {
  module: ModuleDefinition;
  available: boolean;
  entering: boolean;
  /** Another card is being entered: this one waits. */
  busy: boolean;
  onEnter: () => void;
}

const ICONS = { distributor: <CloudServerOutlined />, checker: <MonitorOutlined /> } as const;

export function ModuleCard({ module, available, entering, busy, onEnter }: ModuleCardProps) {
  const { t } = useTranslation("moduleChoice");
  const name = t(`modules.${module.key}.name`);
  const className = [
    "module-card",
    `module-card--${module.key}`,
    available ? "" : "is-unavailable",
    entering ? "is-entering" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <article className={className} aria-disabled={!available}>
      <header className="module-card-head">
        <span className="module-card-icon">{ICONS[module.key]}</span>
        <div>
          <h2 className="module-card-name">{name}</h2>
          <p className="module-card-tagline">{t(`modules.${module.key}.tagline`)}</p>
        </div>
      </header>
      <ul className="module-card-highlights">
        {module.highlights.map((h) => (
          <li key={h}>
            <CheckOutlined />
            {t(`modules.${module.key}.highlights.${h}`)}
          </li>
        ))}
      </ul>
      <footer className="module-card-foot">
        {available ? (
          <Button
            type="primary"
            size="large"
            block
            onClick={onEnter}
            disabled={busy && !entering}
            loading={entering}
            icon={<ArrowRightOutlined />}
            iconPlacement="end"
            aria-label={t("enterModule", { name })}
          >
            {entering ? t("entering") : t("enter")}
          </Button>
        ) : (
          <p className="module-card-locked">
            <LockOutlined />
            <span>{t("unavailable")}</span>
          </p>
        )}
      </footer>
    </article>
  );
}
