import { describe, expect, it } from "vitest";
import { routeUrl } from "./api-path.ts";

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

  it("encodes every parameter as one segment, so a value never reaches another endpoint", () => {
    expect(routeUrl("/data/links/crm/company_contact/:id", { id: "../../../../crm/company/1" })).toBe(
      "/api/data/links/crm/company_contact/..%2F..%2F..%2F..%2Fcrm%2Fcompany%2F1",
    );
    expect(routeUrl("/crm/company/:id", { id: "a b/c?d#e" })).toBe("/api/crm/company/a%20b%2Fc%3Fd%23e");
  });

  it.each([{}, { id: "" }, { id: "." }, { id: ".." }, { id: "%2e%2E" }, { id: "%2E" }])(
    "refuses %j as a parameter with a 400",
    (params) => {
      let thrown: unknown;
      try {
        routeUrl("/crm/company/:id", params);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { init?: { status?: number } })?.init?.status).toBe(400);
    },
  );
});
