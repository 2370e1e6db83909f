import type { TFunction } from "i18next";
import { byteAmount, durationParts } from "../utils/task-display.ts";

/** "1 min 30 s", "2 d 3 h" in the page's language. */
export const durationText = (t: TFunction, seconds: number): string =>
  durationParts(seconds)
    .map((part) => t(`checkerTasks:duration.${part.unit}`, { count: part.count }))
    .join(" ");

/** "512 B", "1.5 MB" in the page's language. */
export const bytesText = (t: TFunction, bytes: number): string => {
  const { value, unit } = byteAmount(bytes);
  return t(`checkerTasks:bytes.${unit}`, { value });
};
