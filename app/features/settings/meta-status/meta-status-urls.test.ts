import { describe, expect, it } from "vitest";
import { kindFromPath, metaStatusUrl, workItemTableFromPath } from "./meta-status-urls.ts";

describe("the addresses of the statuses' and the work items' settings", () => {
  it("tell the kind and the table from the page's address and from its data's", () => {
    expect(kindFromPath("/system-settings/statuses")).toBe("status");
    expect(kindFromPath("/system-settings/priorities.data")).toBe("priority");
    expect(kindFromPath("/system-settings/sources/")).toBe("source");
    expect(() => kindFromPath("/system-settings/moods")).toThrow();
    expect(workItemTableFromPath("/system-settings/inquiries")).toBe("inquiry");
    expect(workItemTableFromPath("/system-settings/todo.data")).toBe("todo");
  });

  it("name the entity first, then the panel's state", () => {
    expect(metaStatusUrl("category")).toBe("/system-settings/categories");
    expect(metaStatusUrl("status", "crm.todo", { panel: "edit", id: "a b" })).toBe(
      "/system-settings/statuses?entity=crm.todo&panel=edit&id=a+b",
    );
  });
});
