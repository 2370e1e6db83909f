import { describe, expect, it } from "vitest";
import { showsLoading } from "./query-loading.ts";

const state = (overrides: Partial<Parameters<typeof showsLoading>[0]>) => ({
  isFetching: true,
  isLoading: false,
  isPlaceholderData: false,
  isError: false,
  ...overrides,
});

describe("showsLoading", () => {
  it("spins for a first load, another page (previous rows shown meanwhile) and a retry", () => {
    expect(showsLoading(state({ isLoading: true }))).toBe(true);
    expect(showsLoading(state({ isPlaceholderData: true }))).toBe(true);
    expect(showsLoading(state({ isError: true }))).toBe(true);
  });

  it("stays quiet for a background refresh of the rows on screen, and when nothing is fetched", () => {
    expect(showsLoading(state({}))).toBe(false);
    expect(showsLoading(state({ isFetching: false, isPlaceholderData: true }))).toBe(false);
  });
});
