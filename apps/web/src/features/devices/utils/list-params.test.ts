import { describe, expect, it } from "vitest";
import {
  formValues,
  readListState,
  sortFromTable,
  toExportRequest,
  toListRequest,
  withFilters,
  writeListState,
} from "./list-params.ts";

const KEYS = ["keyword", "status", "projectId"] as const;

describe("list state in the address", () => {
  it("reads filters, page and sort, ignoring unknown keys and junk", () => {
    const state = readListState(
      new URLSearchParams("keyword=%20HC1%20&status=&pageNum=3&pageSize=50&sort=model&order=ascend&evil=1"),
      KEYS,
    );
    expect(state).toEqual({ pageNum: 3, pageSize: 50, sort: "model", order: "ascend", filters: { keyword: "HC1" } });
    expect(readListState(new URLSearchParams("pageNum=-2&pageSize=999&sort=model&order=up"), KEYS)).toEqual({
      pageNum: 1,
      pageSize: 20,
      filters: {},
    });
  });

  it("writes only what differs from the defaults, and reads back the same state", () => {
    const state = { pageNum: 2, pageSize: 20, filters: { status: "online", keyword: " " } };
    const params = writeListState(state);
    expect(params.toString()).toBe("status=online&pageNum=2");
    expect(readListState(params, KEYS)).toEqual({ pageNum: 2, pageSize: 20, filters: { status: "online" } });
  });

  it("goes back to page 1 when the filters change and drops blank ones", () => {
    const next = withFilters(
      { pageNum: 4, pageSize: 50, filters: { keyword: "x" } },
      {
        status: "offline",
        keyword: "",
        projectId: 7,
      },
    );
    expect(next).toEqual({ pageNum: 1, pageSize: 50, filters: { status: "offline", projectId: "7" } });
  });

  it("builds the request with the sort only when both key and order are known", () => {
    expect(
      toListRequest({ pageNum: 1, pageSize: 20, sort: "model", order: "descend", filters: { status: "online" } }),
    ).toEqual({
      pageNum: 1,
      pageSize: 20,
      sort: "model",
      order: "descend",
      status: "online",
    });
  });

  it("accepts a table sort only on whitelisted columns", () => {
    expect(sortFromTable({ columnKey: "model", order: "ascend" }, ["model"])).toEqual({
      sort: "model",
      order: "ascend",
    });
    expect(sortFromTable({ columnKey: "model", order: null }, ["model"])).toEqual({});
    expect(sortFromTable({ columnKey: "secret", order: "ascend" }, ["model"])).toEqual({});
    expect(sortFromTable([{ columnKey: "model", order: "descend" }], ["model"])).toEqual({
      sort: "model",
      order: "descend",
    });
  });

  it("exports with the filters and sort but without the page", () => {
    expect(
      toExportRequest({ pageNum: 3, pageSize: 50, sort: "model", order: "ascend", filters: { status: "online" } }),
    ).toEqual({
      sort: "model",
      order: "ascend",
      status: "online",
    });
  });
});

describe("filter form values", () => {
  it("turns ids and addresses into numbers, keeps 0, and leaves text alone", () => {
    expect(
      formValues({ projectId: "12", systemNumber: "0", status: "alarm", address: "" }, [
        "projectId",
        "systemNumber",
        "address",
      ]),
    ).toEqual({
      projectId: 12,
      systemNumber: 0,
      status: "alarm",
      address: undefined,
    });
  });
});
