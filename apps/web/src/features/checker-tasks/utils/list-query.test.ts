import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  hasFilters,
  idFromQuery,
  readTaskListState,
  toListRequest,
  withoutFilters,
  writeTaskListState,
} from "./list-query.ts";

const read = (query: string, list: "open" | "ended" = "open") => readTaskListState(new URLSearchParams(query), list);

describe("a task list's state in the address", () => {
  it("starts unfiltered at page 1 of 20", () => {
    const state = read("");
    expect(state).toEqual({
      deviceId: null,
      kind: null,
      status: null,
      keyword: "",
      fromDate: null,
      toDate: null,
      page: 1,
      pageSize: 20,
    });
    expect(hasFilters(state)).toBe(false);
    expect(writeTaskListState(state).toString()).toBe("");
  });

  it("takes a checker page's link to one checker's tasks", () => {
    const state = read("deviceId=12");
    expect(state.deviceId).toBe(12);
    expect(hasFilters(state)).toBe(true);
    expect(toListRequest(state, "open")).toEqual({ state: "open", pageNum: 1, pageSize: 20, deviceId: 12 });
  });

  it("ignores what it cannot use", () => {
    const state = read("deviceId=abc&kind=video&size=7&page=-2&status=failed&from=2026-13-45");
    expect(state).toMatchObject({ deviceId: null, kind: null, pageSize: 20, page: 1, status: null, fromDate: null });
  });

  it("keeps the result and the created days for the history only", () => {
    const query = "status=failed&from=2026-03-01&to=2026-03-02&kind=capture";
    expect(read(query, "open")).toMatchObject({ status: null, fromDate: null, toDate: null, kind: "capture" });
    const history = read(query, "ended");
    expect(history).toMatchObject({ status: "failed", fromDate: "2026-03-01", toDate: "2026-03-02" });
    // An open status is no result of the history.
    expect(read("status=running", "ended").status).toBeNull();
  });

  it("round-trips through the address", () => {
    const state = read(
      "deviceId=3&kind=collection&status=stopped&keyword=roof&from=2026-03-01&page=2&size=50",
      "ended",
    );
    expect(read(writeTaskListState(state).toString(), "ended")).toEqual(state);
  });

  it("asks the server for the list's state, the filters and whole local days as epoch ms", () => {
    const state = read("kind=capture&status=finished&keyword=%20roof%20&from=2026-03-01&to=2026-03-02", "ended");
    expect(toListRequest(state, "ended")).toEqual({
      state: "ended",
      pageNum: 1,
      pageSize: 20,
      kind: "capture",
      status: "finished",
      keyword: "roof",
      from: dayjs("2026-03-01").startOf("day").valueOf(),
      to: dayjs("2026-03-03").startOf("day").valueOf() - 1,
    });
  });

  it("clears the filters but keeps the page size", () => {
    const state = read("deviceId=3&kind=capture&page=4&size=50");
    expect(withoutFilters(state)).toEqual({ ...read("size=50") });
  });
});

describe("idFromQuery", () => {
  it("reads a positive whole number only", () => {
    expect(idFromQuery("12")).toBe(12);
    expect([null, "", "0", "-3", "1.5", "12abc", "99999999999999999"].map(idFromQuery)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
