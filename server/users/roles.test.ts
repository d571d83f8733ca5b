import { describe, expect, it } from "vitest";
import { builtInRoleNames, isBuiltInRoleName } from "../contract/iam-texts.ts";
import { builtInRoles } from "./roles.ts";

describe("the built-in roles", () => {
  it("are named in both languages, and no custom role may take either name", () => {
    for (const role of builtInRoles) {
      expect(builtInRoleNames[role.name]?.en).toBe(role.name);
      expect(builtInRoleNames[role.name]?.nb).not.toBe(role.name);
      expect(isBuiltInRoleName(role.name.toUpperCase())).toBe(true);
      expect(isBuiltInRoleName(` ${builtInRoleNames[role.name]?.nb} `)).toBe(true);
    }
    expect(isBuiltInRoleName("Selgere")).toBe(false);
  });
});
