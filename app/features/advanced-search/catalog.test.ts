import { describe, expect, it } from "vitest";
import type { CatalogEntity, CatalogField, SearchCatalog } from "../../../server/contract/advanced-search.ts";
import { withFittingChoices } from "./catalog.ts";

const field = (key: string, type: string, operations: CatalogField["operations"]): CatalogField => ({
  key,
  labelEn: key,
  labelNb: key,
  type,
  customField: false,
  query: false,
  operations,
  sortable: true,
  options: [],
});
const entity = (schemaName: string, tableName: string, fields: CatalogField[]): CatalogEntity => ({
  schemaName,
  tableName,
  labelEn: tableName,
  labelNb: tableName,
  pluralEn: tableName,
  pluralNb: tableName,
  builtIn: true,
  fields,
});
const catalog: SearchCatalog = {
  entities: [
    entity("crm", "company", [field("name", "Text", ["=", "ILIKE"]), field("founded", "Date", ["=", "<"])]),
    entity("crm", "contact", [field("first_name", "Text", ["=", "ILIKE"]), field("birth_date", "Date", ["<"])]),
    entity("notes", "note", [field("title", "Text", ["ILIKE"]), field("done", "Bool", ["IS TRUE"])]),
  ],
  relationships: [
    {
      id: "r1",
      schema1Name: "crm",
      table1Name: "company",
      schema2Name: "crm",
      table2Name: "contact",
      label1En: "",
      label1Nb: "",
      label2En: "",
      label2Nb: "",
    },
  ],
};

describe("the builder's choices after one changes", () => {
  it("keeps choices that fit, and rows still being filled in", () => {
    const value = {
      name: "Zz",
      definition: {
        entities: [
          {
            entity: "crm.company",
            fields: ["name"],
            filters: [{ field: "name", operation: "ILIKE", paramValue: "%a%" }],
          },
          { join: "crm.company|crm.contact", fields: ["first_name"], filters: [{ field: "", operation: "" }] },
          { join: "" },
        ],
        sort: { field: "crm.contact.first_name", direction: "asc" },
      },
    };
    expect(withFittingChoices(value, catalog)).toEqual({
      ...value,
      definition: {
        ...value.definition,
        entities: value.definition.entities.map((entity) => ({
          fields: [],
          filters: [],
          dateFilter: undefined,
          ...entity,
        })),
      },
    });
  });

  it("leaves out what the old main entity had: its fields, filters, date field, joins and sort", () => {
    const fitted = withFittingChoices(
      {
        definition: {
          entities: [
            {
              entity: "notes.note",
              fields: "title",
              filters: [
                { field: "name", operation: "ILIKE", paramValue: "%a%" },
                { field: "title", operation: "=", paramValue: "x" },
              ],
              dateFilter: { field: "founded", from: "2020-01-01", to: "2020-12-31" },
            },
            { join: "crm.company|crm.contact", fields: ["first_name"] },
          ],
          sort: { field: "crm.company.name", direction: "desc" },
        },
      },
      catalog,
    );
    expect(fitted.definition.entities).toEqual([
      {
        entity: "notes.note",
        fields: ["title"],
        // The field fits; the operation does not.
        filters: [{ field: "title", operation: "", paramValue: "x" }],
        dateFilter: { field: "", from: "2020-01-01", to: "2020-12-31" },
      },
    ]);
    expect(fitted.definition.sort).toEqual({ field: "", direction: "desc" });
  });
});
