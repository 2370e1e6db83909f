import dayjs from "dayjs";

/** A task's name as a part of a file name: letters and digits of any script, the rest one hyphen; short. */
export const fileSafe = (name: string): string =>
  name
    .trim()
    .replace(/[^\p{L}\p{N}._]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "task";

/**
 * The name an export is saved under: what it holds, the task, the unit when one, the moment
 * (the viewer's clock): "frames-Site-visit-20260301-0930.csv".
 */
export const exportFileName = (
  what: string,
  taskName: string,
  extension: "csv" | "xlsx" | "pdf",
  now: Date,
  parts: readonly (string | number)[] = [],
): string => [what, fileSafe(taskName), ...parts, dayjs(now).format("YYYYMMDD-HHmm")].join("-").concat(`.${extension}`);
