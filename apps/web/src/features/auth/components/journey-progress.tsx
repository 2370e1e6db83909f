import { Grid, Progress, Steps } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { type Journey, journeyPercent, stepIndexOf, stepsOf } from "../utils/journey-steps.ts";

/** Step list on wide screens; "Step 2 of 5 · Verify e-mail" with a bar on phones. */
export function JourneyProgress({ journey }: { journey: Journey }) {
  const { t } = useTranslation("auth");
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const steps = stepsOf(journey);
  const index = stepIndexOf(journey, pathname);
  // Arriving on a closing "done" step means the journey is complete, not in progress.
  const current = steps[index]?.key === "done" ? steps.length : index;

  if (!screens.sm) {
    const step = steps[current];
    return (
      <div>
        <div className="auth-step-compact">
          <span>{t("steps.counter", { current: Math.min(current + 1, steps.length), total: steps.length })}</span>
          <strong>{step && step.key !== "done" ? t(`steps.${journey}.${step.key}`) : t("steps.complete")}</strong>
        </div>
        <Progress percent={journeyPercent(journey, pathname)} showInfo={false} size="small" strokeColor="#2BC6C2" />
      </div>
    );
  }

  return (
    <Steps
      size="small"
      titlePlacement="vertical"
      responsive={false}
      current={current}
      items={steps.map((s) => ({ key: s.key, title: t(`steps.${journey}.${s.key}`) }))}
    />
  );
}
