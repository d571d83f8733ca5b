import type { TestApp } from "./test-app.ts";

/** A data source row as the advanced search keeps it, written straight to the table to keep tests about widgets. */
export async function addDataSource(t: TestApp, name: string, definition: object): Promise<string> {
  const owner = await t.app.db
    .selectFrom("core.app_user")
    .select("id")
    .where("email", "=", "admin@example.com")
    .executeTakeFirstOrThrow();
  const row = await t.app.db
    .insertInto("core.saved_query")
    .values({
      kind: "datasource",
      scope: "global",
      owner_id: owner.id,
      name,
      definition: JSON.stringify(definition),
      created_by: owner.id,
      updated_by: owner.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A widget's form with what each type needs, for one data source. */
export function widgetBody(
  datasource: string,
  type: string,
  extra: {
    name?: string;
    single?: { aggregationFunction: string | null; field?: string | null };
    chart?: {
      labelField: string;
      values: { countField: string; description: string; countAggregationFunction: string }[];
    };
    groupBy?: string | null;
    filters?: object[];
    customizableFilterFields?: string[];
    tableSorting?: object[];
  } = {},
) {
  return {
    name: extra.name ?? `Zz ${type} widget`,
    description: "",
    widgetConfiguration: {
      type,
      datasourceUuidKey: datasource,
      customizableFilterFields: extra.customizableFilterFields ?? [],
      filters: extra.filters ?? [],
    },
    singleNumberConfiguration: extra.single ?? null,
    countLabelConfiguration: extra.chart
      ? { labelField: extra.chart.labelField, countConfigurations: extra.chart.values, description: "" }
      : null,
    groupBy: extra.groupBy ?? null,
    tableSorting: extra.tableSorting ?? [],
  };
}
