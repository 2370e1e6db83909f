import { parse } from "csv-parse/sync";

/**
 * The portal's credentials CSV (registration dialog, device import): a header row, then
 * username (the serial number), password, issued. Returned as the JSON file's entries.
 */
export const credentialsFromCsv = (text: string): { deviceId: string; username: string; password: string }[] => {
  const rows = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  return rows.slice(1).map(([username = "", password = ""]) => ({ deviceId: username, username, password }));
};
