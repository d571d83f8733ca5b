import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction.ts";

describe("redactUrl", () => {
  it("hides the values of codes, tokens and passwords, and keeps the rest", () => {
    expect(redactUrl("/oauth2-redirect?code=abc123&state=xyz&iss=http%3A%2F%2Fapi")).toBe(
      "/oauth2-redirect?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fapi",
    );
    expect(redactUrl("/jwt/register?token=s3cret")).toBe("/jwt/register?token=[redacted]");
    expect(redactUrl("/x?Password=p&REFRESH_TOKEN=r&access%5Ftoken=a")).toBe(
      "/x?Password=[redacted]&REFRESH_TOKEN=[redacted]&access%5Ftoken=[redacted]",
    );
  });

  it("leaves targets without secrets alone", () => {
    expect(redactUrl("/companies?q=oslo&page=2")).toBe("/companies?q=oslo&page=2");
    expect(redactUrl("/companies")).toBe("/companies");
    expect(redactUrl("/x?code")).toBe("/x?code");
    expect(redactUrl("/x?%E0%A4%A=1")).toBe("/x?%E0%A4%A=1");
  });
});
