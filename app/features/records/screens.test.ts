import { describe, expect, it } from "vitest";
import { customEntityScreen, named, screenFromPath, screenName, screenOfEntity, screens } from "./screens.ts";

describe("record screens", () => {
  it("finds a built-in screen and a custom entity's by path, client data loads too", () => {
    expect(screenFromPath("/companies/123/history")).toBe(screens.companies);
    expect(screenFromPath("/custom-entity/project.data")).toMatchObject({
      path: "custom-entity/project",
      schema: "custom_schema",
      table: "project",
      resource: "project",
    });
    expect(screenFromPath("/custom-entity/project/8f0c/notes").table).toBe("project");
    expect(() => screenFromPath("/custom-entity/Bad-Key")).toThrow();
    expect(() => screenFromPath("/nothing")).toThrow();
  });

  it("names a custom entity's screen from its description, and a built-in one from the translations", () => {
    const t = (key: string) => `t:${key}`;
    const screen = named(customEntityScreen("project"), { pluralEn: "Projects", pluralNb: "Prosjekter" });
    expect(screenName(screen, t, "nb")).toBe("Prosjekter");
    expect(screenName(customEntityScreen("project"), t, "en")).toBeUndefined();
    expect(screenName(named(screens.companies, { pluralEn: "x", pluralNb: "y" }), t, "en")).toBe("t:nav.companies");
    expect(screenOfEntity("custom_schema", "project")?.path).toBe("custom-entity/project");
    expect(screenOfEntity("crm", "todo")?.path).toBe("todo");
  });
});
