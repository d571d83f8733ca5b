import { describe, expect, it } from "vitest";
import { listQuery, readListParams } from "./list-params.ts";

describe("list parameters", () => {
  it("reads pages from 1, known sizes only, and trims the search", () => {
    expect(readListParams(new URL("http://x/companies?page=0&size=33&q=%20ab%20"))).toEqual({
      page: 1,
      size: 25,
      sort: "",
      q: "ab",
      statusId: "",
      filters: {},
      overdue: false,
    });
    expect(readListParams(new URL("http://x/companies?page=3&size=50")).page).toBe(3);
  });

  it("reads control characters in the search as spaces, so the API never gets a NUL", () => {
    expect(readListParams(new URL("http://x/companies?q=%00")).q).toBe("");
    expect(readListParams(new URL("http://x/companies?q=fj%00ord%0A%09x")).q).toBe("fj ord x");
  });

  it("writes short queries that keep the list's state", () => {
    const params = readListParams(new URL("http://x/companies?q=fjord&sort=name,desc&size=50&page=2"));
    expect(listQuery(params)).toBe("?q=fjord&sort=name%2Cdesc&size=50&page=2");
    expect(listQuery(params, { page: 1, panel: "add" })).toBe("?q=fjord&sort=name%2Cdesc&size=50&panel=add");
    expect(listQuery(readListParams(new URL("http://x/companies")))).toBe("");
    expect(listQuery(readListParams(new URL("http://x/companies")), { goto: true })).toBe("?goto=1");
  });

  it("keeps field filters and the overdue switch, leaving out empty ones", () => {
    const params = readListParams(
      new URL("http://x/inquiries?filter.priority_id=p1&filter.due_date.from=2026-01-01&filter.group_id=&overdue=1"),
    );
    expect(params.filters).toEqual({ priority_id: "p1", "due_date.from": "2026-01-01" });
    expect(params.overdue).toBe(true);
    expect(listQuery(params, { page: 2 })).toBe(
      "?filter.due_date.from=2026-01-01&filter.priority_id=p1&overdue=1&page=2",
    );
    expect(listQuery(params, { overdue: false, filters: {} })).toBe("");
  });
});
