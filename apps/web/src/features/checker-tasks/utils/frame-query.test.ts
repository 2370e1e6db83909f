import { describe, expect, it } from "vitest";
import {
  hasFrameFilters,
  readFrameQuery,
  taskIdFromQuery,
  toFrameFilter,
  toFrameRequest,
  withoutFrameFilters,
  writeFrameQuery,
} from "./frame-query.ts";

const TASK = "7f1d7a52-5b8e-4c3a-9c4e-0d6f0f1e2a3b";

describe("taskIdFromQuery", () => {
  it("takes a UUID only", () => {
    expect(taskIdFromQuery(TASK)).toBe(TASK);
    expect(taskIdFromQuery(TASK.toUpperCase())).toBe(TASK);
    expect(taskIdFromQuery("12")).toBeNull();
    expect(taskIdFromQuery(null)).toBeNull();
  });
});

describe("the message report's address", () => {
  it("defaults to no filters, page 1 of 50", () => {
    expect(readFrameQuery(new URLSearchParams(`taskId=${TASK}`))).toEqual({
      address: null,
      command: null,
      pattern: "",
      page: 1,
      pageSize: 50,
    });
  });

  it("round-trips filters and page", () => {
    const state = { address: 0x25, command: 0x11, pattern: "aa01", page: 3, pageSize: 200 };
    const params = writeFrameQuery(TASK, state);
    expect(params.toString()).toBe(`taskId=${TASK}&address=0x25&command=0x11&bytes=aa01&page=3&size=200`);
    expect(readFrameQuery(params)).toEqual(state);
  });

  it("drops what is malformed", () => {
    const state = readFrameQuery(new URLSearchParams("address=zz&command=300&bytes=abc&page=-1&size=30"));
    expect(state).toEqual({ address: null, command: null, pattern: "", page: 1, pageSize: 50 });
  });

  it("takes a search typed with spaces in the address", () => {
    expect(readFrameQuery(new URLSearchParams("bytes=AA 01")).pattern).toBe("aa01");
  });

  it("leaves the defaults out", () => {
    expect(
      writeFrameQuery(TASK, withoutFrameFilters({ ...readFrameQuery(new URLSearchParams()), page: 4 })).toString(),
    ).toBe(`taskId=${TASK}`);
  });
});

describe("the frame requests", () => {
  const state = { address: 0, command: null, pattern: "aa", page: 2, pageSize: 100 };

  it("send only the filters set; address 0 is one", () => {
    expect(toFrameFilter(TASK, state)).toEqual({ taskId: TASK, address: 0, pattern: "aa" });
    expect(toFrameRequest(TASK, state)).toEqual({ taskId: TASK, address: 0, pattern: "aa", pageNum: 2, pageSize: 100 });
  });

  it("know when filters are set", () => {
    expect(hasFrameFilters(state)).toBe(true);
    expect(hasFrameFilters(withoutFrameFilters(state))).toBe(false);
    expect(withoutFrameFilters(state)).toMatchObject({ page: 1, pageSize: 100 });
  });
});
