import { PROGRESS_STAGES, stageOfStep, type TProgressStage } from "@vrf/contract/device/messages.ts";

/** A checker's last firmware-connection step as the API reports it (SPEC section 4). */
export interface LinkProgress {
  step: number;
  stage: TProgressStage;
  at: string;
}

/** A connection whose last step is older than this has stalled (or the checker went quiet): no bar. */
export const LINK_STEP_FRESH_MS = 5 * 60_000;
/** Once the last step (100) is in, "connected, normal control" stays on show this long. */
export const LINK_CONNECTED_SHOWN_MS = 2 * 60_000;

/**
 * What the pages show of a checker's connection: "connecting" while steps below 100 come in (the
 * last one within a few minutes), "connected" for a while after step 100, else nothing. An offline
 * checker connects to nothing. A step reported "in the future" (clocks differ) counts as fresh.
 */
export const linkPhase = (
  progress: LinkProgress | null,
  deviceStatus: string,
  nowMs: number,
): "connecting" | "connected" | null => {
  if (!progress || deviceStatus === "offline") return null;
  const at = Date.parse(progress.at);
  if (Number.isNaN(at)) return null;
  const age = nowMs - at;
  if (progress.step >= 100) return age <= LINK_CONNECTED_SHOWN_MS ? "connected" : null;
  return age <= LINK_STEP_FRESH_MS ? "connecting" : null;
};

export const isConnecting = (progress: LinkProgress | null, deviceStatus: string, nowMs: number): boolean =>
  linkPhase(progress, deviceStatus, nowMs) === "connecting";

/** The bar's percent for a step: the step itself (5 … 90, 100), kept within 0-100. */
export const linkPercent = (step: number): number =>
  Number.isFinite(step) ? Math.min(100, Math.max(0, Math.round(step))) : 0;

/**
 * The five stages as steps: which one is under way (0 handshake … 4 normal control) and whether
 * all are done (step 100). The stage follows from the step, as in the contract.
 */
export const linkStageIndex = (step: number): number => PROGRESS_STAGES.indexOf(stageOfStep(linkPercent(step)));
