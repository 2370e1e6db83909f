/**
 * The total of a list page whose rows carry it: a kept count selected in the page's own statement,
 * so an unfiltered page costs one round trip instead of two. Only a page past the end has no row
 * to carry it, and asks `countApart`.
 */
export const carriedTotal = async <K extends string>(
  rows: readonly { [key in K]: unknown }[],
  key: K,
  countApart: () => Promise<number>,
): Promise<number> => (rows[0] ? Number(rows[0][key]) : countApart());
