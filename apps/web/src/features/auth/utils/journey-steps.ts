/**
 * The two multi-page journeys of the account platform and where each page sits in them,
 * so the steps indicator and the page guards agree on one table.
 */
export const REGISTRATION_STEPS = [
  { key: "email", path: "/register" },
  { key: "verify", path: "/checkEmail" },
  { key: "password", path: "/setupPwd" },
  { key: "agreement", path: "/licence" },
  { key: "profile", path: "/userProfile" },
] as const;

export const RESET_STEPS = [
  { key: "email", path: "/forget" },
  { key: "newPassword", path: "/newPassword" },
  { key: "done", path: "/resetSuccess" },
] as const;

export type Journey = "registration" | "reset";
export type JourneyStep = { key: string; path: string };

export const stepsOf = (journey: Journey): readonly JourneyStep[] =>
  journey === "registration" ? REGISTRATION_STEPS : RESET_STEPS;

/**
 * Index of the current step; a path after the last step (the success page) counts as all
 * steps done, i.e. the number of steps.
 */
export const stepIndexOf = (journey: Journey, path: string): number => {
  const steps = stepsOf(journey);
  const index = steps.findIndex((s) => s.path === path);
  return index === -1 ? steps.length : index;
};

/** 0-100, for the compact progress bar shown instead of the step list on phones. */
export const journeyPercent = (journey: Journey, path: string): number => {
  const steps = stepsOf(journey);
  return Math.round((Math.min(stepIndexOf(journey, path) + 1, steps.length) / steps.length) * 100);
};
