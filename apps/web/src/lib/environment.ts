/** SPEC section 9: a portal whose origin contains "localhost" or "test" is a test installation. */
export type AppEnvironment = "test" | "prod";

export const environmentOf = (origin: string): AppEnvironment => (/localhost|test/i.test(origin) ? "test" : "prod");

/** This page's environment (prod where there is no page, as in the unit tests). */
export const appEnvironment = (): AppEnvironment =>
  typeof window === "undefined" ? "prod" : environmentOf(window.location.origin);
