import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from "kysely";
import { describe, expect, it } from "vitest";
import type { FilterOperation } from "../contract/dashboards.ts";
import type { FieldType } from "../contract/fields.ts";
import type { Database, WidgetConfigurationColumn } from "../db/schema.ts";
import {
  chartScan,
  computeWidgetData,
  conditionSql,
  type DataRequest,
  dateGroupingFor,
  type SourceColumn,
  WidgetStatements,
} from "./widget-data.ts";

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

  it("reads a number typed with a decimal comma, as a Norwegian types it", () => {
    expect(compiled("Percent", ">", "12,5").parameters).toEqual(["12.5"]);
    expect(compiled("Number", "<", "1 000,25").parameters).toEqual(["1000.25"]);
    expect(compiled("Number", "<", "12.5").parameters).toEqual(["12.5"]);
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

describe("a dashboard view's chart statements", () => {
  const columns: SourceColumn[] = [
    { ...column("List"), key: "crm.company.stage", alias: "c0" },
    { ...column("Number"), key: "crm.company.value", alias: "c1" },
    { ...column("Date"), key: "crm.company.closed", alias: "c2" },
  ];
  const source = { select: sql`select 1`, columns, recordIdAliases: { "crm.company": "r0" } };
  const chart = (
    type: string,
    labelField: string,
    values: [fn: string, field: string][],
    groupBy: string | null = null,
  ): DataRequest => ({
    type,
    configuration: {
      widgetConfiguration: { type, datasourceUuidKey: "", customizableFilterFields: [], filters: [] },
      singleNumberConfiguration: null,
      countLabelConfiguration: {
        labelField,
        description: "",
        countConfigurations: values.map(([fn, field]) => ({
          countField: field,
          description: fn,
          countAggregationFunction: fn,
        })),
      },
      groupBy,
      tableSorting: [],
    } satisfies WidgetConfigurationColumn,
    conditions: [],
    record: null,
    page: 0,
    size: 20,
    lang: "en",
  });

  /** Statements whose database answers every statement with the given rows, and says what it was asked. */
  const answering = (rows: Record<string, unknown>[]) => {
    const asked: CompiledQuery[] = [];
    const driver = new DummyDriver();
    driver.acquireConnection = async () => ({
      executeQuery: async <R>(query: CompiledQuery) => {
        asked.push(query);
        return { rows: rows as R[] };
      },
      streamQuery: () => {
        throw new Error("not streamed");
      },
    });
    const database = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => driver,
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const statements = new WidgetStatements(database, (work) => work(database));
    return { statements, asked };
  };

  it("reads the rows once for charts that group them alike, each taking its own values", async () => {
    const { statements, asked } = answering([
      { label: "won", a0: "3", a1: "900" },
      { label: "lost", a0: "2", a1: "100" },
    ]);
    const bar = chart("BAR", "crm.company.stage", [["COUNT", ""]]);
    const pie = chart("PIE", "crm.company.stage", [
      ["COUNT", ""],
      ["SUM", "crm.company.value"],
    ]);
    statements.plan(chartScan(source, bar).scan);
    statements.plan(chartScan(source, pie).scan);
    const [barData, pieData] = await Promise.all([
      computeWidgetData(statements, source, bar),
      computeWidgetData(statements, source, pie),
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0].sql).toContain('count(*) as "a0", sum("source"."c1") as "a1"');
    expect(barData).toMatchObject({ series: [{ values: [3, 2] }] });
    expect(pieData).toMatchObject({ series: [{ values: [3, 2] }, { values: [900, 100] }] });
  });

  it("reads apart charts that group or order the rows otherwise", async () => {
    const { statements, asked } = answering([]);
    const requests = [
      chart("BAR", "crm.company.stage", [["COUNT", ""]]),
      // Ordered by its own largest value.
      chart("BAR", "crm.company.stage", [["SUM", "crm.company.value"]]),
      // Ordered by its labels.
      chart("LINE", "crm.company.stage", [["COUNT", ""]]),
      chart("LINE", "crm.company.closed", [["COUNT", ""]], "MONTH"),
      chart("LINE", "crm.company.closed", [["COUNT", ""]], "YEAR"),
    ];
    for (const request of requests) statements.plan(chartScan(source, request).scan);
    await Promise.all(requests.map((request) => computeWidgetData(statements, source, request)));
    expect(asked).toHaveLength(5);
    expect(asked[3].sql).toContain(`group by date_trunc('month', "source"."c2"::timestamp)`);
  });

  it("runs again for a chart planned after its scan was read", async () => {
    const { statements, asked } = answering([{ label: "won", a0: "3", a1: "900" }]);
    const bar = chart("BAR", "crm.company.stage", [["COUNT", ""]]);
    const later = chart("BAR", "crm.company.stage", [
      ["COUNT", ""],
      ["MAX", "crm.company.value"],
    ]);
    await computeWidgetData(statements, source, bar);
    const data = await computeWidgetData(statements, source, later);
    expect(asked).toHaveLength(2);
    expect(asked[1].sql).toContain('max("source"."c1") as "a1"');
    expect(data).toMatchObject({ series: [{ values: [3] }, { values: [900] }] });
  });
});

describe("a chart's dates, grouped by their range when no grouping is chosen", () => {
  it("are days up to six weeks, then weeks, months, quarters and years: at most about fifty points", () => {
    expect(dateGroupingFor(null, null)).toBe("DAY");
    expect(dateGroupingFor("2026-01-01", "2026-01-01")).toBe("DAY");
    expect(dateGroupingFor("2026-01-01", "2026-02-12")).toBe("DAY");
    expect(dateGroupingFor("2026-01-01", "2026-03-01")).toBe("WEEK");
    expect(dateGroupingFor("2026-01-01", "2026-12-31")).toBe("MONTH");
    expect(dateGroupingFor("2022-01-01", "2025-12-31")).toBe("MONTH");
    expect(dateGroupingFor("2016-01-01", "2026-12-31")).toBe("QUARTER");
    expect(dateGroupingFor("1950-01-01", "2026-12-31")).toBe("YEAR");
  });
});
