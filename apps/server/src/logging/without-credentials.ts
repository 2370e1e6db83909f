/** A URL as it may be printed: scheme, host and path, without user name, password or query. */
export const withoutCredentials = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(unreadable URL)";
  }
};
