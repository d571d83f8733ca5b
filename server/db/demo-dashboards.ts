import type { Kysely, Transaction } from "kysely";
import type { QueryDefinition } from "../contract/advanced-search.ts";
import type { DemoNames } from "./demo-language.ts";
import type { Database, WidgetConfigurationColumn } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

const companies: QueryDefinition = {
  entities: [
    {
      schemaName: "crm",
      tableName: "company",
      selectedFields: [{ key: "name" }, { key: "city" }, { key: "industry" }, { key: "employees" }],
      filters: [],
    },
  ],
  joins: [],
};

const companyContacts: QueryDefinition = {
  entities: [
    { schemaName: "crm", tableName: "company", selectedFields: [{ key: "name" }], filters: [] },
    {
      schemaName: "crm",
      tableName: "contact",
      selectedFields: [{ key: "first_name" }, { key: "last_name" }, { key: "title" }],
      filters: [],
    },
  ],
  joins: [{ schema1Name: "crm", table1Name: "company", joinType: "INNER", schema2Name: "crm", table2Name: "contact" }],
};

function configuration(
  type: string,
  datasource: string,
  parts: Partial<Omit<WidgetConfigurationColumn, "widgetConfiguration">> & {
    customizableFilterFields?: string[];
  } = {},
): WidgetConfigurationColumn {
  return {
    widgetConfiguration: {
      type,
      datasourceUuidKey: datasource,
      customizableFilterFields: parts.customizableFilterFields ?? [],
      filters: [],
    },
    singleNumberConfiguration: parts.singleNumberConfiguration ?? null,
    countLabelConfiguration: parts.countLabelConfiguration ?? null,
    groupBy: parts.groupBy ?? null,
    tableSorting: parts.tableSorting ?? [],
  };
}

/** A saved query's or data source's row, the demo admin's, named in the demo's language. */
export function demoSavedQuery(
  adminId: string,
  query: { kind: "query" | "datasource"; scope: "global" | "personal"; name: string; description: string },
  definition: QueryDefinition,
) {
  return {
    ...query,
    owner_id: adminId,
    definition: JSON.stringify(definition),
    created_by: adminId,
    updated_by: adminId,
  };
}

/**
 * Two data sources, a few widgets over them and two dashboards: "Sales overview" in the menu (the workspace's
 * default) and "Company contacts" on each company's dashboard tab, named in the demo's language.
 */
export async function seedDemoDashboards(db: Db, adminId: string, names: DemoNames): Promise<void> {
  const source = async (named: { name: string; description: string }, definition: QueryDefinition) =>
    (
      await db
        .insertInto("core.saved_query")
        .values(demoSavedQuery(adminId, { kind: "datasource", scope: "global", ...named }, definition))
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const all = await source(names.companiesSource, companies);
  const linked = await source(names.contactsSource, companyContacts);

  const widget = async (name: string, description: string, type: string, datasource: string, model: object) =>
    (
      await db
        .insertInto("core.widget")
        .values({
          name,
          description,
          type,
          datasource_id: datasource,
          configuration: JSON.stringify(configuration(type, datasource, model)),
          created_by: adminId,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const words = names.widgets;
  const count = await widget(words.companies, "", "KPI", all, {
    singleNumberConfiguration: { aggregationFunction: "COUNT", field: null },
  });
  const industries = await widget(words.perIndustry, "", "BAR", all, {
    countLabelConfiguration: {
      labelField: "crm.company.industry",
      description: "",
      countConfigurations: [
        { countField: "", description: words.perIndustrySeries, countAggregationFunction: "COUNT" },
      ],
    },
    customizableFilterFields: ["crm.company.city"],
  });
  const cities = await widget(words.employeesByCity, "", "PIE", all, {
    countLabelConfiguration: {
      labelField: "crm.company.city",
      description: "",
      countConfigurations: [
        { countField: "crm.company.employees", description: words.employeesSeries, countAggregationFunction: "SUM" },
      ],
    },
  });
  const largest = await widget(words.largest, "", "TABLE", all, {
    tableSorting: [{ field: "crm.company.employees", direction: "desc" }],
  });
  const contacts = await widget(words.contacts, "", "KPI", linked, {
    singleNumberConfiguration: { aggregationFunction: "COUNT", field: null },
  });

  const dashboard = async (name: string, flags: object, placed: [string, number, number][]) => {
    const { id } = await db
      .insertInto("core.dashboard")
      .values({ name, ...flags })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("core.dashboard_widget")
      .values(
        placed.map(([widgetId, width, height], position) => ({
          dashboard_id: id,
          widget_id: widgetId,
          position,
          width,
          height,
        })),
      )
      .execute();
  };
  await dashboard(names.dashboards.sales, { main_list: true, is_default: true, position: 0 }, [
    [count, 4, 2],
    [industries, 8, 4],
    [cities, 6, 4],
    [largest, 6, 4],
  ]);
  await dashboard(names.dashboards.companyContacts, { show_in_company: true, position: 1 }, [[contacts, 4, 2]]);
}
