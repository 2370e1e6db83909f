/** "P" + year + a sequence of at least four digits: P20260001, P20260002, ... P202610000. */
export const projectCodePrefix = (now: Date): string => `P${now.getUTCFullYear()}`;

export const nextProjectCode = (prefix: string, last: string | undefined): string => {
  const sequence = last ? Number(last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(sequence).padStart(4, "0")}`;
};
