/** The test apps' clock starts here, and their demo data is seeded as of it. */
export const TEST_NOW = new Date("2026-03-01T08:00:00Z");

/** Cheap hashes keep the suite fast; the production cost is exercised by the e2e run and the demo. */
export const TEST_PASSWORD_COST = 10;
