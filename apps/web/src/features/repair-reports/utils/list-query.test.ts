import { describe, expect, it } from "vitest";
import { hasFilters, readListState, toListRequest, writeListState } from "./list-query.ts";

describe("repair report list state in the address", () => {
  it("reads defaults from an empty query and a preselected status from ?status=", () => {
    expect(readListState(new URLSearchParams())).toEqual({
      keyword: "",
      status: null,
      fromDate: null,
      toDate: null,
      organisationId: null,
      projectId: null,
      page: 1,
      pageSize: 20,
      sort: null,
      order: null,
    });
    expect(readListState(new URLSearchParams("status=0")).status).toBe(0);
  });

  it("ignores values the server would refuse", () => {
    const state = readListState(
      new URLSearchParams("status=7&page=-2&size=33&sort=content&order=up&from=yesterday&org=abc&project=0"),
    );
    expect(state).toMatchObject({
      status: null,
      page: 1,
      pageSize: 20,
      sort: null,
      order: null,
      fromDate: null,
      organisationId: null,
      projectId: null,
    });
  });

  it("round-trips every field and leaves defaults out of the address", () => {
    const query =
      "keyword=RR000042&status=2&from=2026-03-01&to=2026-03-05&org=3&project=12&page=3&size=50&sort=status&order=ascend";
    const state = readListState(new URLSearchParams(query));
    expect(writeListState(state).toString()).toBe(query);
    expect(writeListState(readListState(new URLSearchParams("page=1&size=20"))).toString()).toBe("");
  });

  it("turns local days into an inclusive range of instants", () => {
    const request = toListRequest(readListState(new URLSearchParams("from=2026-03-01&to=2026-03-01")));
    const from = new Date(request.from as string);
    const to = new Date(request.to as string);
    expect(to.getTime() - from.getTime()).toBe(86_400_000);
    expect(from.getHours()).toBe(0);
    expect(from.getDate()).toBe(1);
  });

  it("sends only the filters that are set, with a trimmed keyword", () => {
    expect(toListRequest(readListState(new URLSearchParams("keyword=%20%20")))).toEqual({ pageNum: 1, pageSize: 20 });
    expect(toListRequest(readListState(new URLSearchParams("keyword=%20anna%20&status=0&sort=userName")))).toEqual({
      pageNum: 1,
      pageSize: 20,
      keyword: "anna",
      status: 0,
    });
  });

  it("knows when filters other than the status tab are set", () => {
    expect(hasFilters(readListState(new URLSearchParams("status=1")))).toBe(false);
    expect(hasFilters(readListState(new URLSearchParams("project=4")))).toBe(true);
  });
});
