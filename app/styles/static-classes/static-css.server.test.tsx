import fs from "node:fs";
import path from "node:path";
import { Box } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { staticClasses } from "./static-classes.tsx";
import { renderStaticClasses, renderStaticClassRules } from "./static-css.server.tsx";

/** Every `ws-…` class named in the app's components. */
function usedClasses(): Set<string> {
  const appDir = path.resolve(import.meta.dirname, "../..");
  const names = new Set<string>();
  for (const file of fs.readdirSync(appDir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".tsx") || file.includes(".test.") || file.endsWith("static-classes.tsx")) continue;
    const source = fs.readFileSync(path.join(appDir, file), "utf8");
    for (const match of source.matchAll(/\bws-[a-z0-9-]*[a-z0-9]/g)) names.add(match[0]);
  }
  return names;
}

describe("static classes", () => {
  it("are the rules Chakra writes for the same elements, under the class's own name", () => {
    const rules = renderStaticClassRules({ "ws-example": <Box px="3" display={{ base: "none", md: "block" }} /> });
    expect(rules).toHaveLength(1);
    expect(rules[0].emotionClass).toMatch(/^css-/);
    expect(rules[0].css).toContain(".ws-example{");
    expect(rules[0].css).toContain("@media screen and (min-width: 62rem){.ws-example{display:block;}}");
    expect(rules[0].css).not.toContain(rules[0].emotionClass);
  });

  it("keep a recipe's styles in its cascade layer", () => {
    const css = renderStaticClassRules().find((rules) => rules.name === "ws-button-outline")?.css ?? "";
    expect(css).toContain("@layer recipes{.ws-button-outline{");
  });

  it("are each defined once and used", () => {
    // A class is defined by its own entry, or by the rules of the element it sits in (a table body's cells).
    const source = fs.readFileSync(path.resolve(import.meta.dirname, "./static-classes.tsx"), "utf8");
    const defined = new Set(
      [...Object.keys(staticClasses), ...source.matchAll(/"& \.(ws-[a-z0-9-]+)"/g)].map((m) =>
        typeof m === "string" ? m : m[1],
      ),
    );
    const used = usedClasses();
    expect(
      [...used].filter((name) => !defined.has(name)),
      "used but not defined",
    ).toEqual([]);
    expect(
      [...defined].filter((name) => !used.has(name)),
      "defined but not used",
    ).toEqual([]);
    expect(renderStaticClasses()).toContain(".ws-shell{");
  });
});
