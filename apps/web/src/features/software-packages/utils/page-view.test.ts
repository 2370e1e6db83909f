import { describe, expect, it } from "vitest";
import {
  readOpenRollout,
  readRolloutListState,
  readTab,
  showNewRollout,
  withOpenRollout,
  writeRolloutListState,
} from "./page-view.ts";

const ID = "0b5c4a52-3f0e-4d7e-9a51-6c1f2b8e9d10";

describe("the page's tab and rollout in the address", () => {
  it("shows the packages unless the rollouts are asked for", () => {
    expect(readTab(new URLSearchParams(""))).toBe("packages");
    expect(readTab(new URLSearchParams("tab=rollouts"))).toBe("rollouts");
    expect(readTab(new URLSearchParams("tab=other"))).toBe("packages");
  });

  it("reads and writes the rollout list's page, falling back on what is wrong", () => {
    expect(readRolloutListState(new URLSearchParams("tab=rollouts&page=3&pageSize=50"))).toEqual({
      page: 3,
      pageSize: 50,
    });
    expect(readRolloutListState(new URLSearchParams("page=0&pageSize=7"))).toEqual({ page: 1, pageSize: 20 });
    expect(writeRolloutListState({ page: 1, pageSize: 20 }).toString()).toBe("tab=rollouts");
    expect(writeRolloutListState({ page: 2, pageSize: 50 }).toString()).toBe("tab=rollouts&page=2&pageSize=50");
  });

  it("opens and closes a rollout's detail, keeping the rest", () => {
    const params = new URLSearchParams("tab=rollouts&page=2");
    const open = withOpenRollout(params, ID);
    expect(readOpenRollout(open)).toBe(ID);
    expect(open.get("page")).toBe("2");
    expect(withOpenRollout(open, null).toString()).toBe("tab=rollouts&page=2");
    expect(readOpenRollout(new URLSearchParams("rollout=not-an-id"))).toBeNull();
  });

  it("shows a new rollout over the first page of the rollouts", () => {
    expect(showNewRollout(ID).toString()).toBe(`tab=rollouts&rollout=${ID}`);
  });
});
