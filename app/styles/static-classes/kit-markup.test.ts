import fs from "node:fs";
import path from "node:path";
import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";
import { renderStaticClassRules } from "./static-css.server.tsx";

/** Router links render an anchor. */
const componentTags: Record<string, string> = { Link: "a", NavLink: "a", RouterLink: "a" };

/**
 * What Chakra lets an element become: a button a link (`asChild`), a box any container (`as`). Other parts (a table's
 * cells, a field's label, a select) keep their tag.
 */
function sameElement(kitTag: string, chakraTag: string): boolean {
  if (kitTag === chakraTag) return true;
  if (chakraTag === "button") return kitTag === "a";
  return chakraTag === "div" && ["nav", "section", "header", "footer", "aside", "main", "ul", "span"].includes(kitTag);
}

interface KitElement {
  file: string;
  tag: string;
  classes: string[];
  parts: Record<string, string>;
}

/** Every string a JSX attribute's value can take: its literals and the fixed parts of its templates. */
function strings(node: unknown): string[] {
  if (!node || typeof node !== "object") return [];
  const value = node as { type?: string; value?: unknown; cooked?: string };
  if (value.type === "Literal" && typeof value.value === "string") return [value.value];
  if (value.type === "TemplateElement") return [(value.value as { cooked?: string }).cooked ?? ""];
  return Object.values(node).flatMap((child) => (Array.isArray(child) ? child.flatMap(strings) : strings(child)));
}

/** The elements of app/'s components that carry a static class, as their source writes them. */
function kitElements(): KitElement[] {
  const appDir = path.resolve(import.meta.dirname, "../..");
  const found: KitElement[] = [];
  for (const file of fs.readdirSync(appDir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".tsx") || file.includes(".test.") || file.startsWith(path.join("styles", "static-classes"))) {
      continue;
    }
    const source = fs.readFileSync(path.join(appDir, file), "utf8");
    if (!source.includes("ws-")) continue;
    const { program } = parseSync(file, source, { lang: "tsx" });
    new Visitor({
      JSXOpeningElement(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : "";
        const attributes = new Map<string, unknown>();
        for (const attribute of node.attributes) {
          if (attribute.type === "JSXAttribute" && attribute.name.type === "JSXIdentifier") {
            attributes.set(attribute.name.name, attribute.value);
          }
        }
        const classes = strings(attributes.get("className")).flatMap((text) => text.split(/\s+/).filter(Boolean));
        if (!classes.some((c) => c.startsWith("ws-"))) return;
        const parts = Object.fromEntries(
          ["data-scope", "data-part"].flatMap((attribute) =>
            attributes.has(attribute) ? [[attribute, strings(attributes.get(attribute)).join("")]] : [],
          ),
        );
        found.push({ file, tag: componentTags[name] ?? name, classes, parts });
      },
    }).visit(program);
  }
  return found;
}

describe("the kit's markup for the static classes", () => {
  const rules = new Map(renderStaticClassRules().map((rule) => [rule.name, rule]));
  const elements = kitElements();

  it("finds the kit's elements", () => {
    expect(elements.length).toBeGreaterThan(50);
    expect(elements.some((element) => element.classes.includes("ws-table-cell"))).toBe(true);
  });

  // The kit writes out what Chakra's element would render: its tag, Chakra's class names and its part attributes. A
  // Chakra upgrade that renders these differently fails here (the styles themselves are rendered from Chakra's
  // recipes at build time, so they cannot go stale).
  it("is the markup Chakra renders for each class's element", () => {
    const differences: string[] = [];
    for (const element of elements) {
      for (const name of element.classes.filter((c) => rules.has(c))) {
        const rule = rules.get(name);
        if (!rule) continue;
        const where = `${element.file}: ${name}`;
        if (/^[a-z]/.test(element.tag) && !sameElement(element.tag, rule.tag)) {
          differences.push(`${where} on <${element.tag}>, Chakra renders <${rule.tag}>`);
        }
        for (const chakraClass of element.classes.filter((c) => c.startsWith("chakra-"))) {
          if (!rule.chakraClasses.includes(chakraClass)) {
            differences.push(`${where} with ${chakraClass}, Chakra's classes are ${rule.chakraClasses.join(" ")}`);
          }
        }
        // An input or select takes its part attributes from the field around it, which the class's element has not.
        for (const [attribute, value] of Object.entries(element.parts)) {
          if (attribute in rule.parts && rule.parts[attribute] !== value) {
            differences.push(`${where} with ${attribute}="${value}", Chakra's is "${rule.parts[attribute] ?? ""}"`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
