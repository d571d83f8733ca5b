import { z } from "zod";
import {
  advancedSearchTexts,
  operationsWithoutParam,
  type SearchOperation,
  searchOperations,
  sortDirections,
} from "./advanced-search.ts";
import { dashboardTexts } from "./dashboard-texts.ts";
import { maxValueMessage, messages, minValueMessage } from "./messages.ts";
import { requiredNameSchema } from "./names.ts";
import {
  aggregationFunctions,
  chartWidgetTypes,
  dateGroupings,
  type WidgetData,
  type WidgetType,
  widgetTypes,
} from "./widget-data.ts";

/**
 * Widgets and categorized dashboards (spec §2 /dashboard/{id}, settings dashboard-widget, the detail tab dashboard;
 * §3 Categorized dashboard, Widget; §4 Widget builder; §5 Widget validity; §6; §7 /api/dashboards/{scope}; §8).
 * Paths, under /api/dashboards/core (data sources, `datasource…`, are the advanced search's):
 *
 * - GET    view/{id}?lang&data                  DashboardView: a dashboard the user's groups may see, its widgets
 *          placed, each with its data computed for the viewer (or the error that widget answers, such as a 403
 *          when its data source names an entity the viewer may not read); no widgets: `empty` holds
 *          EmptyDashboardException's text (200, not an error); `data=false` leaves the data out (a record's tab)
 * - POST   view/{id}/widgets/{widgetId}         PlacementInput -> DashboardView (201): places a widget (last
 *          when no position is given)
 * - PUT    view/{id}/widgets/{widgetId}         PlacementInput -> DashboardView: moves or resizes it
 * - DELETE view/{id}/widgets/{widgetId}         -> DashboardView: takes it off the dashboard
 * - GET|POST view/{id}/widgets/{widgetId}/{company|contact}/{recordId}   WidgetDataInput (POST) -> WidgetData:
 *          the widget's data counting only rows joined to that record (the record's dashboard tab); the data
 *          source must include that entity and the widget must be on that dashboard
 * - GET    categories/view?mainList|showInCompany|showInContact=true   DashboardSummary[]: what the user sees
 * - GET    categories/default                   DashboardSummary | null: the user's own default, else the one
 *          an administrator marked, when the user may see it
 * - PUT    categories/default                   DefaultDashboardInput: the user's own choice (null clears it)
 * - GET    categories?q                         Dashboard[] (settings), POST categories DashboardInput (201)
 * - GET|PUT|DELETE categories/{id}             Dashboard (settings)
 * - GET    widget?page&size&q                   WidgetPage; the spec's page=999999 reads as "every widget"
 * - POST   widget, PUT widget/{id}              WidgetInput -> WidgetDto; GET widget/{id}; DELETE widget/{id}
 *          (its places on dashboards go with it)
 * - POST   widget/preview                       WidgetPreviewInput -> WidgetData: an unsaved widget's data, for the
 *          builder's preview (Widget Create or Update)
 * - POST   widget/{id}/data                     WidgetDataInput -> WidgetData
 * - GET    widget-specific/{widgetId}/values/{field}?q   FilterValue[]: the values a viewer may choose for an
 *          adjustable filter field (distinct, at most 200)
 *
 * Rights: Widget Create/Read/Update/Delete for widgets and their data; dashboards' settings (categories, placing
 * widgets) need System_Settings Read to read and Update to change; viewing needs no right beyond being in one of
 * the dashboard's groups (or it has none), and a widget's data needs Widget Read and Read on every entity its data
 * source names. Unknown ids, and dashboards the user's groups may not see, answer 404.
 */

export { DATASOURCE_IN_USE_TEXT, dashboardTexts, EMPTY_DASHBOARD_TEXT } from "./dashboard-texts.ts";

export const EMPTY_DASHBOARD_EXCEPTION = "EmptyDashboardException";
export const DATASOURCE_IN_USE_EXCEPTION = "DatasourceInUseException";

/** The spec's widget list page (§9): the whole list in one page. */
export const WIDGET_LIST_ALL_PAGE = 999999;
export const WIDGET_PAGE_SIZE_MAX = 500;
/** A dropdown's page (spec §9), for an adjustable filter's values. */
export const FILTER_VALUES_MAX = 200;
/**
 * A chart shows at most this many labels, the rest are cut: by value, the largest first series' values stay; grouped
 * dates keep the latest buckets.
 */
export const WIDGET_LABELS_MAX = 50;
export const TABLE_PAGE_SIZE_MAX = 100;
export const DASHBOARD_GRID_COLUMNS = 12;
export const DASHBOARD_HEIGHT_MAX = 12;
export const DASHBOARD_WIDGETS_MAX = 50;

/** The advanced search's operations (spec §3); the last four take no parameter. */
export const filterOperations = searchOperations;
export type FilterOperation = SearchOperation;
export const operationsWithoutParameter: readonly FilterOperation[] = operationsWithoutParam;

export { sortDirections };

const name = requiredNameSchema;
const description = z.string().trim().max(200, "Max 200 limit").default("");
/** A data source column's key, as `datasource/fields/{id}` lists it. */
const fieldKey = z.string().trim().min(1, messages.required).max(200, messages.max255);

export const widgetFilterSchema = z.object({
  field: fieldKey,
  operation: z.enum(filterOperations, { error: messages.notAnOption }),
  /** The value compared with; ignored for the operations without one, and when it is the viewer (isParamUserField). */
  paramValue: z.string().max(255, messages.max255).nullish(),
  /** Compare with the viewer's own id (a user field: "mine"). */
  isParamUserField: z.boolean().default(false),
  /** The viewer may change the value on the dashboard. */
  isParamUserAccessible: z.boolean().default(false),
});
export type WidgetFilter = z.output<typeof widgetFilterSchema>;

export const widgetConfigurationSchema = z.object({
  type: z.enum(widgetTypes, { error: messages.notAnOption }),
  datasourceUuidKey: z.uuid(messages.required),
  /** Fields a viewer may filter on (equal to a value they choose), besides the adjustable filters. */
  customizableFilterFields: z.array(fieldKey).max(20).default([]),
  filters: z.array(widgetFilterSchema).max(20).default([]),
});

export const singleNumberConfigurationSchema = z.object({
  aggregationFunction: z.enum(aggregationFunctions, { error: messages.notAnOption }).nullish(),
  /** The field aggregated; COUNT may leave it empty (counts rows). */
  field: fieldKey.nullish(),
});

export const countConfigurationSchema = z.object({
  countField: z.string().trim().max(200).default(""),
  description: z.string().trim().max(255, messages.max255).default(""),
  countAggregationFunction: z.enum(aggregationFunctions, { error: messages.notAnOption }).default("COUNT"),
});

export const countLabelConfigurationSchema = z.object({
  countConfigurations: z.array(countConfigurationSchema).max(10).default([]),
  description: z.string().trim().max(255, messages.max255).default(""),
  labelField: z.string().trim().max(200).default(""),
});

export const tableSortingSchema = z.object({
  field: fieldKey,
  direction: z.enum(sortDirections).default("asc"),
});

/**
 * `POST|PUT widget`: the widget builder's form. Validity (spec §5): a KPI needs an aggregate chosen; chart types need
 * a name, a label field, and every value with a name and a field; other types are valid. COUNT counts rows, so its
 * field may be left empty.
 */
export const widgetInputSchema = z
  .object({
    name: z.string().trim().max(255, messages.max255).default(""),
    description,
    widgetConfiguration: widgetConfigurationSchema,
    singleNumberConfiguration: singleNumberConfigurationSchema.nullish(),
    countLabelConfiguration: countLabelConfigurationSchema.nullish(),
    /** How a date label field is grouped (null: by its value). */
    groupBy: z.enum(dateGroupings, { error: messages.notAnOption }).nullish(),
    tableSorting: z.array(tableSortingSchema).max(5).default([]),
  })
  .superRefine((input, ctx) => {
    const type: WidgetType = input.widgetConfiguration.type;
    if (type === "KPI") {
      if (!input.singleNumberConfiguration?.aggregationFunction) {
        ctx.addIssue({
          code: "custom",
          message: dashboardTexts.aggregateRequired,
          path: ["singleNumberConfiguration", "aggregationFunction"],
        });
      } else if (
        input.singleNumberConfiguration.aggregationFunction !== "COUNT" &&
        !input.singleNumberConfiguration.field
      ) {
        ctx.addIssue({ code: "custom", message: messages.required, path: ["singleNumberConfiguration", "field"] });
      }
    }
    if ((chartWidgetTypes as readonly string[]).includes(type)) {
      if (!input.name) ctx.addIssue({ code: "custom", message: messages.required, path: ["name"] });
      const chart = input.countLabelConfiguration;
      if (!chart?.labelField) {
        ctx.addIssue({ code: "custom", message: messages.required, path: ["countLabelConfiguration", "labelField"] });
      }
      const values = chart?.countConfigurations ?? [];
      if (values.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: messages.required,
          path: ["countLabelConfiguration", "countConfigurations"],
        });
      }
      values.forEach((value, index) => {
        const path = ["countLabelConfiguration", "countConfigurations", index];
        if (!value.description)
          ctx.addIssue({ code: "custom", message: messages.required, path: [...path, "description"] });
        if (!value.countField && value.countAggregationFunction !== "COUNT") {
          ctx.addIssue({ code: "custom", message: messages.required, path: [...path, "countField"] });
        }
      });
    }
    input.widgetConfiguration.filters.forEach((filter, index) => {
      const needsValue = !operationsWithoutParameter.includes(filter.operation) && !filter.isParamUserField;
      // An adjustable filter may start empty: it then filters nothing until the viewer chooses.
      const path = ["widgetConfiguration", "filters", index, "paramValue"];
      if (needsValue && !filter.isParamUserAccessible && !filter.paramValue) {
        ctx.addIssue({ code: "custom", message: messages.required, path });
      } else if (filter.operation === "ILIKE" && filter.paramValue && !filter.paramValue.includes("%")) {
        ctx.addIssue({ code: "custom", message: advancedSearchTexts.ilikeNeedsWildcard, path });
      }
    });
  });
export type WidgetInput = z.output<typeof widgetInputSchema>;

export const widgetSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  widgetConfiguration: z.object({
    type: z.enum(widgetTypes),
    datasourceUuidKey: z.string(),
    customizableFilterFields: z.array(z.string()),
    filters: z.array(
      z.object({
        field: z.string(),
        operation: z.enum(filterOperations),
        paramValue: z.string().nullable(),
        isParamUserField: z.boolean(),
        isParamUserAccessible: z.boolean(),
      }),
    ),
  }),
  singleNumberConfiguration: z
    .object({ aggregationFunction: z.enum(aggregationFunctions), field: z.string().nullable() })
    .nullable(),
  countLabelConfiguration: z
    .object({
      countConfigurations: z.array(
        z.object({
          countField: z.string(),
          description: z.string(),
          countAggregationFunction: z.enum(aggregationFunctions),
        }),
      ),
      description: z.string(),
      labelField: z.string(),
    })
    .nullable(),
  groupBy: z.enum(dateGroupings).nullable(),
  tableSorting: z.array(z.object({ field: z.string(), direction: z.enum(sortDirections) })),
  datasource: z.object({ uuid: z.string(), name: z.string() }),
  /** The dashboards it is placed on. */
  dashboards: z.array(z.object({ uuid: z.string(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WidgetDto = z.infer<typeof widgetSchema>;

export const widgetPageSchema = z.object({
  content: z.array(widgetSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type WidgetPage = z.infer<typeof widgetPageSchema>;

export const widgetListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(WIDGET_PAGE_SIZE_MAX).default(50),
  /** Search terms need at least 3 characters (spec §5); shorter ones are ignored. */
  q: z.string().trim().max(255).optional(),
});

/** A viewer's value for an adjustable filter or a customizable field; an empty value leaves that filter out. */
export const filterValueInputSchema = z.object({
  field: fieldKey,
  value: z.string().max(255, messages.max255).nullable(),
});

/** `POST widget/{id}/data`: the viewer's choices. */
export const widgetDataInputSchema = z.object({
  filterValues: z.array(filterValueInputSchema).max(20).default([]),
  /** TABLE only: the page, from 0, and its size. */
  page: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(TABLE_PAGE_SIZE_MAX).default(20),
  lang: z.enum(["en", "nb"]).default("en"),
});
export type WidgetDataInput = z.output<typeof widgetDataInputSchema>;

/** `POST widget/preview`: the builder's widget as it is, computed without saving it (the spec's preview state). */
export const widgetPreviewInputSchema = z.object({
  widget: widgetInputSchema,
  page: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(TABLE_PAGE_SIZE_MAX).default(20),
  lang: z.enum(["en", "nb"]).default("en"),
});
export type WidgetPreviewInput = z.output<typeof widgetPreviewInputSchema>;

export const filterValueSchema = z.object({ value: z.string(), label: z.string() });
export type FilterValue = z.infer<typeof filterValueSchema>;

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])])
  .transform((value) => value === true || value === "true" || value === "on");

/** `POST categories`, `PUT categories/{id}`: a categorized dashboard in the settings. */
export const dashboardInputSchema = z.object({
  name,
  description,
  /** In the menu's dashboards. */
  mainList: flag.default(false),
  /** On a company's dashboard tab. */
  showInCompany: flag.default(false),
  /** On a contact's dashboard tab. */
  showInContact: flag.default(false),
  /** The workspace's default: users who chose none of their own see it first. One at most. */
  default: flag.default(false),
  position: z.coerce.number().int().min(0).max(9999).optional(),
  /** The groups that see it; empty means all (spec §3). */
  groupUuids: z.array(z.uuid(messages.notAnOption)).max(100).default([]),
});
export type DashboardInput = z.output<typeof dashboardInputSchema>;

export const dashboardSummarySchema = z.object({
  uuid: z.string(),
  /** The spec's uuidKey: the dashboard's id, as in /dashboard/{id}. */
  uuidKey: z.string(),
  name: z.string(),
  description: z.string(),
  mainList: z.boolean(),
  showInCompany: z.boolean(),
  showInContact: z.boolean(),
  default: z.boolean(),
  position: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardSchema = dashboardSummarySchema.extend({
  groups: z.array(z.object({ uuid: z.string(), name: z.string() })),
  widgetCount: z.number().int(),
});
export type DashboardDto = z.infer<typeof dashboardSchema>;

export const categoriesViewQuerySchema = z.object({
  mainList: z.enum(["true", "false"]).optional(),
  showInCompany: z.enum(["true", "false"]).optional(),
  showInContact: z.enum(["true", "false"]).optional(),
});

export const defaultDashboardInputSchema = z.object({ dashboardUuid: z.uuid(messages.notAnOption).nullable() });

/** `POST|PUT view/{id}/widgets/{widgetId}`: where a widget sits, in grid columns of DASHBOARD_GRID_COLUMNS. */
export const placementInputSchema = z.object({
  position: z.coerce.number().int().min(0).max(9999).optional(),
  width: z.coerce
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(1, minValueMessage(1))
    .max(DASHBOARD_GRID_COLUMNS, maxValueMessage(DASHBOARD_GRID_COLUMNS))
    .default(6),
  height: z.coerce
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(1, minValueMessage(1))
    .max(DASHBOARD_HEIGHT_MAX, maxValueMessage(DASHBOARD_HEIGHT_MAX))
    .default(4),
});
export type PlacementInput = z.output<typeof placementInputSchema>;

export const widgetErrorSchema = z.object({ status: z.number().int(), exceptionName: z.string(), message: z.string() });

/** One widget on a dashboard, with its data for the viewer or the error it answers (the others still show). */
export type PlacedWidget = {
  widget: {
    uuid: string;
    name: string;
    description: string;
    type: WidgetType;
    customizableFilterFields: string[];
    adjustableFilters: { field: string; operation: string; paramValue: string | null }[];
    /** The name, in the page's language, of each field a viewer may filter on. */
    filterLabels: Record<string, string>;
  };
  position: number;
  width: number;
  height: number;
  data: WidgetData | null;
  error: z.infer<typeof widgetErrorSchema> | null;
};

export type DashboardView = {
  dashboard: DashboardSummary;
  widgets: PlacedWidget[];
  /** Set when the dashboard has no widgets: the spec's EmptyDashboardException text, for the empty state. */
  empty: { exceptionName: typeof EMPTY_DASHBOARD_EXCEPTION; message: string } | null;
};

/** The record tab's tables (spec §2 detail tab dashboard). */
export const recordDashboardTables = ["company", "contact"] as const;
