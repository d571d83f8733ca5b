import { describe, expect, it } from "vitest";
import { apiPath, routeUrl } from "./api-path.ts";

describe("apiPath", () => {
  it("encodes every value as one segment", () => {
    expect(apiPath`/api/${"crm"}/${"company"}/${"a b/c?d#e"}`).toBe("/api/crm/company/a%20b%2Fc%3Fd%23e");
    expect(apiPath`/api/data/links/crm/company_contact/${"../../../../crm/company/1"}`).toBe(
      "/api/data/links/crm/company_contact/..%2F..%2F..%2F..%2Fcrm%2Fcompany%2F1",
    );
    expect(apiPath`/api/x?page=${2}`).toBe("/api/x?page=2");
  });

  it.each(["", ".", "..", "%2e%2E", "%2E"])("refuses %j as a segment with a 400", (segment) => {
    let thrown: unknown;
    try {
      apiPath`/api/crm/company/${segment}`;
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { init?: { status?: number } })?.init?.status).toBe(400);
  });
});

describe("routeUrl", () => {
  it("fills each parameter as one segment and appends the query, lists as repeated names", () => {
    expect(routeUrl("/data/links/:schema/:table/:id", { schema: "crm", table: "company", id: "a/b c" })).toBe(
      "/api/data/links/crm/company/a%2Fb%20c",
    );
    expect(routeUrl("/records", {}, { q: "ås & co", page: 2, ids: ["a", "b"], none: undefined, empty: null })).toBe(
      "/api/records?q=%C3%A5s+%26+co&page=2&ids=a&ids=b",
    );
    expect(routeUrl("/me/info")).toBe("/api/me/info");
  });

  it("refuses a missing or dot parameter with a 400, as apiPath does", () => {
    for (const params of [{}, { id: ".." }, { id: "" }]) {
      let thrown: unknown;
      try {
        routeUrl("/crm/company/:id", params);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { init?: { status?: number } })?.init?.status).toBe(400);
    }
  });
});
