import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { errorMessage } from "./error-text.ts";

/** What every list export adds to its filters: the viewer's clock, for the dates in the sheet, and the file name. */
export interface ListExportExtra {
  utcOffsetMinutes: number;
  filename: string;
}

/** The part of antd's message API an export reports through. */
interface ExportMessages {
  warning: (content: string) => unknown;
  error: (content: string) => unknown;
}

interface ListExportOptions {
  /** Bound to the list's namespace, which holds list.exportFile, list.exportTooMany and list.exportFailed. */
  t: TFunction;
  messageApi: ExportMessages;
  /** Rows the current filters match. */
  total: number;
  /** Rows the server writes at most. */
  max: number;
  /** Performs the export with the extra request fields. */
  run: (extra: ListExportExtra) => Promise<unknown>;
  /** For tests; the moment the file name is stamped with. */
  now?: Date;
}

/**
 * Exports a filtered list to an .xlsx file. The export still runs when the
 * list is longer than the server's cap, after telling the user only part of it
 * will be in the file. A failure is shown as a message, never thrown.
 */
export const runListExport = async ({ t, messageApi, total, max, run, now = new Date() }: ListExportOptions) => {
  if (total > max) messageApi.warning(t("list.exportTooMany", { max: max.toLocaleString() }));
  try {
    await run({
      utcOffsetMinutes: -now.getTimezoneOffset(),
      filename: `${t("list.exportFile")}-${dayjs(now).format("YYYYMMDD-HHmm")}.xlsx`,
    });
  } catch (error) {
    messageApi.error(`${t("list.exportFailed")} ${errorMessage(t, error)}`);
  }
};
