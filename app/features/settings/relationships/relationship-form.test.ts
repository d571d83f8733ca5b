import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../../tests/support/messages.ts";
import {
  formFieldOf,
  parseNewRelationshipForm,
  parseRelationshipChangeForm,
  splitEntity,
  toRelationshipInput,
} from "./relationship-form.ts";
import { relationshipsOf, relationshipsUrl } from "./relationship-urls.ts";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "success" ? undefined : inEnglish(submission.error);
}

const labels: [string, string][] = [
  ["label1En", "Projects"],
  ["label1Nb", "Prosjekter"],
  ["label2En", "Owner"],
  ["label2Nb", "Eier"],
];

const groupA = "0b5c2a4e-8f6d-4e1a-9c3b-2d7e6f1a0b9c";
const groupB = "7a1d3c5e-2b4f-4a6c-8e0d-1f3b5d7c9e2a";

describe("the new relationship form", () => {
  it("reads both entities, the type, the words, and the boxes as they were ticked", () => {
    const submission = parseNewRelationshipForm(
      form([
        ["entity1", "crm.company"],
        ["entity2", "custom_schema.project"],
        ["type", "1toN"],
        ...labels,
        ["name1En", "  owns "],
        ["name1Nb", ""],
        ["visible1", "on"],
        ["visibleGroups2", groupA],
        ["visibleGroups2", groupB],
        ["favorite", "on"],
      ]),
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toRelationshipInput(submission.value)).toEqual({
      schema1: "crm",
      key1: "company",
      schema2: "custom_schema",
      key2: "project",
      type: "1toN",
      label1En: "Projects",
      label1Nb: "Prosjekter",
      label2En: "Owner",
      label2Nb: "Eier",
      name1En: "owns",
      name1Nb: "",
      name2En: "",
      name2Nb: "",
      visible1: true,
      // An unticked box is no, not the schema's default.
      visible2: false,
      visibleGroups1: [],
      visibleGroups2: [groupA, groupB],
      favorite: true,
    });
  });

  it("asks for a type not chosen yet", () => {
    const submission = parseNewRelationshipForm(form([["type", ""]]));
    expect(errorsOf(submission)).toMatchObject({ type: ["Required"], entity1: ["Required"] });
  });

  it("takes one chosen group as a list of one", () => {
    const submission = parseNewRelationshipForm(
      form([
        ["entity1", "crm.contact"],
        ["entity2", "crm.contact"],
        ["type", "NtoM"],
        ...labels,
        ["visibleGroups1", groupA],
      ]),
    );
    expect(submission.status === "success" && submission.value.visibleGroups1).toEqual([groupA]);
  });

  it("says what is missing or not one of the options", () => {
    const submission = parseNewRelationshipForm(
      form([
        ["entity1", ""],
        ["entity2", "not an entity"],
        ["type", "1toMany"],
        ["label1En", "Projects"],
        ["visibleGroups1", "everyone"],
      ]),
    );
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toMatchObject({
      entity1: ["Required"],
      entity2: ["Must be one of the options"],
      type: ["Must be one of the options"],
      label1Nb: ["Required"],
      label2En: ["Required"],
    });
    expect(Object.keys(errorsOf(submission) ?? {}).some((key) => key.startsWith("visibleGroups1"))).toBe(true);
  });
});

describe("the relationship edit form", () => {
  it("reads the words, the boxes and the groups, and needs every label", () => {
    const submission = parseRelationshipChangeForm(form([...labels, ["visible2", "on"]]));
    expect(submission.status === "success" && submission.value).toMatchObject({
      visible1: false,
      visible2: true,
      favorite: false,
      visibleGroups1: [],
    });
    const missing = parseRelationshipChangeForm(form([["label1En", " "]]));
    expect(errorsOf(missing)).toMatchObject({ label1En: ["Required"], label2Nb: ["Required"] });
  });
});

describe("the API's field names on the form", () => {
  it("puts an entity's schema or table on its select, and a group on the list", () => {
    expect(formFieldOf("schema1")).toBe("entity1");
    expect(formFieldOf("key2")).toBe("entity2");
    expect(formFieldOf("visibleGroups2.3")).toBe("visibleGroups2");
    expect(formFieldOf("label1Nb")).toBe("label1Nb");
  });

  it("splits an entity as the URL names it", () => {
    expect(splitEntity("custom_schema.project")).toEqual({ schemaKey: "custom_schema", tableKey: "project" });
    expect(splitEntity("crm")).toBeNull();
    expect(splitEntity("crm.Company")).toBeNull();
    expect(splitEntity(null)).toBeNull();
  });
});

describe("the relationships screen's addresses", () => {
  it("names the entity in the path and the panel in the query", () => {
    expect(relationshipsUrl()).toBe("/system-settings/crm-relationships");
    expect(relationshipsUrl("crm.company")).toBe("/system-settings/crm-relationships/crm.company");
    expect(relationshipsUrl(null, { panel: "new" })).toBe("/system-settings/crm-relationships?panel=new");
    expect(relationshipsUrl("crm.contact", { confirm: "delete", id: "x" })).toBe(
      "/system-settings/crm-relationships/crm.contact?confirm=delete&id=x",
    );
  });

  it("filters to the relationships with the entity on either side", () => {
    const rows = [
      { id: "a", schema1: "crm", key1: "company", schema2: "crm", key2: "contact" },
      { id: "b", schema1: "custom_schema", key1: "project", schema2: "crm", key2: "company" },
      { id: "c", schema1: "custom_schema", key1: "project", schema2: "custom_schema", key2: "project" },
    ];
    expect(relationshipsOf(rows, "crm.company").map((r) => r.id)).toEqual(["a", "b"]);
    expect(relationshipsOf(rows, "custom_schema.project").map((r) => r.id)).toEqual(["b", "c"]);
    expect(relationshipsOf(rows, "crm.note")).toEqual([]);
    expect(relationshipsOf(rows, undefined)).toHaveLength(3);
  });
});
