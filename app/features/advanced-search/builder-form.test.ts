import { describe, expect, it } from "vitest";
import type { QueryDefinition } from "../../../server/contract/advanced-search.ts";
import { inEnglish } from "../../../tests/support/messages.ts";
import { formFieldName, formOfDefinition, parseBuilderForm } from "./builder-form.ts";

function formData(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const companiesWithContacts: [string, string][] = [
  ["name", "Zz companies"],
  ["description", ""],
  ["queryType", "personal"],
  ["definition.entities[0].entity", "crm.company"],
  ["definition.entities[0].fields", "name"],
  ["definition.entities[0].fields", "city"],
  ["definition.entities[0].filters[0].field", "city"],
  ["definition.entities[0].filters[0].operation", "ILIKE"],
  ["definition.entities[0].filters[0].paramValue", "%berg%"],
  ["definition.entities[1].join", "crm.company|crm.contact"],
  ["definition.entities[1].fields", "first_name"],
  ["definition.sort.field", "crm.company.name"],
  ["definition.sort.direction", "desc"],
];

describe("the builder's form", () => {
  it("spells the choices out as the contract's definition", () => {
    const submission = parseBuilderForm(formData(companiesWithContacts));
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.queryType).toBe("personal");
    const definition = submission.value.definition;
    expect(definition.entities.map((entity) => entity.tableName)).toEqual(["company", "contact"]);
    expect(definition.entities[0].selectedFields.map((field) => field.key)).toEqual(["name", "city"]);
    expect(definition.entities[0].filters).toEqual([{ field: "city", operation: "ILIKE", paramValue: "%berg%" }]);
    expect(definition.joins).toEqual([
      { schema1Name: "crm", table1Name: "company", joinType: "INNER", schema2Name: "crm", table2Name: "contact" },
    ]);
    expect(definition.sort).toEqual({ schemaName: "crm", tableName: "company", field: "name", direction: "desc" });
  });

  it("puts the rules' errors beside the choice they concern", () => {
    const entries = companiesWithContacts.map(([name, value]): [string, string] =>
      name.endsWith("paramValue") ? [name, "berg"] : [name, value],
    );
    entries.push(
      ["definition.entities[0].dateFilter.field", "created_at"],
      ["definition.entities[0].dateFilter.from", "2025-12-01"],
      ["definition.entities[0].dateFilter.to", "2026-01-31"],
    );
    const submission = parseBuilderForm(formData(entries));
    expect(submission.status).toBe("error");
    const error = submission.reply().error ?? {};
    expect(inEnglish(error["definition.entities[0].filters[0].paramValue"])).toEqual([
      "The ilike filter needs a % wildcard",
    ]);
    expect(inEnglish(error["definition.entities[0].dateFilter.to"])).toEqual(["A date range must be in the same year"]);
    // The same entity twice is the second choice's error.
    const twice = companiesWithContacts.map(([name, value]): [string, string] =>
      name.endsWith("join") ? [name, "crm.company|crm.company"] : [name, value],
    );
    expect(parseBuilderForm(formData(twice)).reply().error?.["definition.entities[1].join"]).toBeTruthy();
  });

  it("names the API's errors as the form's fields", () => {
    expect(formFieldName("definition.entities[1].tableName")).toBe("definition.entities[1].join");
    expect(formFieldName("entities[0].schemaName")).toBe("definition.entities[0].entity");
    expect(formFieldName("definition.joins[0].table2Name")).toBe("definition.entities[1].join");
    expect(formFieldName("definition.entities[2].selectedFields")).toBe("definition.entities[2].fields");
    expect(formFieldName("entities[0].filters[1].paramValue")).toBe("definition.entities[0].filters[1].paramValue");
    expect(formFieldName("definition.sort.tableName")).toBe("definition.sort.field");
    expect(formFieldName("name")).toBe("name");
    // As the API names them, with the index after a dot.
    expect(formFieldName("entities.0.filters.1.paramValue")).toBe("definition.entities[0].filters[1].paramValue");
    expect(formFieldName("joins.0.table2Name")).toBe("definition.entities[1].join");
  });

  it("reads a saved definition back into the form, joins included", () => {
    const definition: QueryDefinition = {
      entities: [
        { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }], filters: [] },
        { schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }], filters: [] },
      ],
      joins: [
        { schema1Name: "crm", table1Name: "company", joinType: "INNER", schema2Name: "crm", table2Name: "contact" },
      ],
      sort: { schemaName: "crm", tableName: "company", field: "name", direction: "asc" },
    };
    const form = formOfDefinition(definition);
    expect(form.entities?.[0].entity).toBe("crm.contact");
    expect(form.entities?.[1].join).toBe("crm.contact|crm.company");
    expect(form.sort).toEqual({ field: "crm.company.name", direction: "asc" });
  });
});
