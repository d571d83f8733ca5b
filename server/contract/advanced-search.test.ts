import { describe, expect, it } from "vitest";
import { advancedSearchTexts, queryDefinitionSchema, savedQueryInputSchema } from "./advanced-search.ts";

const company = { schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }] };
const contact = { schemaName: "crm", tableName: "contact", selectedFields: [{ key: "first_name" }] };
const join = { schema1Name: "crm", table1Name: "company", schema2Name: "crm", table2Name: "contact" };

function issues(input: unknown) {
  const result = queryDefinitionSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("queryDefinitionSchema", () => {
  it("accepts a join of two entities and defaults the join type", () => {
    const parsed = queryDefinitionSchema.parse({ entities: [company, contact], joins: [join] });
    expect(parsed.joins[0]?.joinType).toBe("INNER");
  });

  it("needs a % in an ILIKE parameter", () => {
    const filters = [{ field: "name", operation: "ILIKE", paramValue: "acme" }];
    expect(issues({ entities: [{ ...company, filters }] })).toEqual([
      `entities.0.filters.0.paramValue: ${advancedSearchTexts.ilikeNeedsWildcard}`,
    ]);
  });

  it("refuses a parameter on the operations that take none and needs one on the others", () => {
    const filters = [
      { field: "name", operation: "IS NULL", paramValue: "x" },
      { field: "name", operation: "=" },
    ];
    expect(issues({ entities: [{ ...company, filters }] })).toEqual([
      `entities.0.filters.0.paramValue: ${advancedSearchTexts.noParam}`,
      `entities.0.filters.1.paramValue: ${advancedSearchTexts.required}`,
    ]);
  });

  it("keeps a date range in one year, from before to", () => {
    const within = { field: "created_at", from: "2024-01-01", to: "2024-12-31" };
    expect(issues({ entities: [{ ...company, dateFilter: within }] })).toEqual([]);
    const across = { field: "created_at", from: "2024-06-01", to: "2025-01-31" };
    expect(issues({ entities: [{ ...company, dateFilter: across }] })).toEqual([
      `entities.0.dateFilter.to: ${advancedSearchTexts.sameYear}`,
    ]);
    const reversed = { field: "created_at", from: "2024-06-01", to: "2024-01-31" };
    expect(issues({ entities: [{ ...company, dateFilter: reversed }] })).toEqual([
      `entities.0.dateFilter.to: ${advancedSearchTexts.fromBeforeTo}`,
    ]);
  });

  it("needs every entity joined to the main one", () => {
    expect(issues({ entities: [company, contact] })).toEqual([
      `entities.1.tableName: ${advancedSearchTexts.notJoined}`,
    ]);
  });

  it("takes Conform's checkbox values", () => {
    const parsed = savedQueryInputSchema.parse({
      name: "Q",
      definition: { entities: [{ ...company, selectedFields: [{ key: "name", customField: "on" }] }] },
    });
    expect(parsed.definition.entities[0]?.selectedFields[0]?.customField).toBe(true);
    expect(parsed.description).toBe("");
  });
});
