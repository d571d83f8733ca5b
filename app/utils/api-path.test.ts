import { describe, expect, it } from "vitest";
import { apiPath } from "./api-path.ts";

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
