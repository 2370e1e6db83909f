import type { TDryRunResult } from "@vrf/contract/device-import/dry-run.ts";
import { Card, Grid, Steps } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CommitOutcome, useCommitImport } from "../api/use-commit-import.ts";
import { ImportProgressPanel } from "../components/import-progress-panel.tsx";
import { ImportResultPanel } from "../components/import-result-panel.tsx";
import { PreparePanel } from "../components/prepare-panel.tsx";
import { ReviewPanel } from "../components/review-panel.tsx";
import type { ImportTotals } from "../utils/import-chunks.ts";
import { importPlan } from "../utils/import-plan.ts";
import "../components/device-import.css";

type Stage =
  | { step: 0 }
  | { step: 1; result: TDryRunResult }
  | { step: 2; result: TDryRunResult; total: number; totals: ImportTotals }
  | { step: 3; result: TDryRunResult; total: number; outcome: CommitOutcome };

/** DeviceImporting: template, upload and check, import in measured chunks, result. */
export default function DeviceImportPage() {
  const { t } = useTranslation("deviceImport");
  const [stage, setStage] = useState<Stage>({ step: 0 });
  const [stopping, setStopping] = useState(false);
  const stopRequested = useRef(false);
  const commit = useCommitImport();
  // Four short steps fit across a phone with the titles under the icons; antd's vertical list would push the work below the fold.
  const narrow = !Grid.useBreakpoint().md;

  // Leaving the page stops the import after the chunk in flight instead of running on unseen.
  useEffect(
    () => () => {
      stopRequested.current = true;
    },
    [],
  );

  const startImport = (result: TDryRunResult) => {
    const { rows, start } = importPlan(result.rows);
    stopRequested.current = false;
    setStopping(false);
    setStage({ step: 2, result, total: rows.length, totals: start });
    commit.mutate(
      {
        rows,
        start,
        shouldStop: () => stopRequested.current,
        onProgress: (totals) => setStage((s) => (s.step === 2 ? { ...s, totals } : s)),
      },
      { onSuccess: (outcome) => setStage({ step: 3, result, total: rows.length, outcome }) },
    );
  };

  const restart = () => setStage({ step: 0 });

  return (
    <Card variant="borderless" className="device-import-card">
      <Steps
        className="device-import-steps"
        current={stage.step}
        status={stage.step !== 3 ? "process" : stage.outcome.error ? "error" : "finish"}
        size="small"
        responsive={false}
        titlePlacement={narrow ? "vertical" : "horizontal"}
        items={[
          { title: t("steps.file") },
          { title: t("steps.check") },
          { title: t("steps.import") },
          { title: t("steps.done") },
        ]}
      />
      {stage.step === 0 ? <PreparePanel onChecked={(result) => setStage({ step: 1, result })} /> : null}
      {stage.step === 1 ? (
        <ReviewPanel result={stage.result} onImport={() => startImport(stage.result)} onRestart={restart} />
      ) : null}
      {stage.step === 2 ? (
        <ImportProgressPanel
          totals={stage.totals}
          total={stage.total}
          stopping={stopping}
          onStop={() => {
            stopRequested.current = true;
            setStopping(true);
          }}
        />
      ) : null}
      {stage.step === 3 ? (
        <ImportResultPanel
          fileName={stage.result.fileName}
          total={stage.total}
          outcome={stage.outcome}
          onRestart={restart}
        />
      ) : null}
    </Card>
  );
}
