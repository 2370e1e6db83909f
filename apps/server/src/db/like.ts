/** An ILIKE pattern matching `keyword` anywhere, with the user's own % and _ taken literally. */
export const containsPattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
