import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import { describe, expect, it } from "vitest";
import type { FilterOperation } from "../contract/dashboards.ts";
import type { FieldType } from "../contract/fields.ts";
import { conditionSql, type SourceColumn } from "./widget-data.ts";

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const column = (type: FieldType): SourceColumn => ({
  key: "crm.company.x",
  alias: "c0",
  type,
  labelEn: "X",
  labelNb: "X",
  options: [],
});

const compiled = (type: FieldType, operation: FilterOperation, value: string | null) =>
  conditionSql({ column: column(type), operation, value }, "f").compile(db);

describe("a widget filter's SQL", () => {
  it("binds the value and quotes the source's column", () => {
    const query = compiled("Text", "=", "x'; drop table crm.company; --");
    expect(query.sql).toBe('lower("source"."c0") = lower($1::text)');
    expect(query.parameters).toEqual(["x'; drop table crm.company; --"]);
  });

  it("compares numbers, dates and List options as their types", () => {
    expect(compiled("Number", ">=", "10").sql).toBe('"source"."c0" >= $1::numeric');
    expect(compiled("Date", "<", "2020-01-01").sql).toBe('"source"."c0" < $1::date');
    expect(compiled("List", "=", "retail").sql).toBe('"source"."c0"::text = $1::text');
    expect(compiled("MultiSelect", "=", "smb").sql).toBe('$1::text = any("source"."c0")');
  });

  it("refuses a value that does not fit the column", () => {
    expect(() => compiled("Number", "=", "ten")).toThrow("Must be a number");
    expect(() => compiled("Date", "=", "2020-13-45")).toThrow("Must be a date");
  });

  it("takes no value for the four operations without one", () => {
    const query = compiled("Bool", "IS NOT TRUE", "ignored");
    expect(query.sql).toBe('"source"."c0" is not true');
    expect(query.parameters).toEqual([]);
  });
});
