import { describe, expect, it } from "vitest";
import { roleName } from "./role-name.ts";

describe("a role's name", () => {
  it("is a built-in role's in the reader's language", () => {
    expect(roleName("Company administrator", "nb")).toBe("Firmaadministrator");
    expect(roleName("Employee", "nb")).toBe("Ansatt");
    expect(roleName("Read-only", "nb")).toBe("Lesetilgang");
    expect(roleName("Employee", "en")).toBe("Employee");
  });

  it("leaves a custom role's name as its author wrote it", () => {
    expect(roleName("Selgere", "en")).toBe("Selgere");
    expect(roleName("constructor", "nb")).toBe("constructor");
  });
});
