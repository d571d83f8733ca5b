import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { type WidgetDto, type WidgetInput, widgetInputSchema } from "../../../server/contract/dashboards.ts";
import { chartWidgetTypes, type WidgetType, widgetTypes } from "../../../server/contract/widget-data.ts";
import { requiredErrors } from "../../utils/form-errors.ts";

/** The builder's buttons that do not save: they post the form as it is, unchecked. */
export const UNCHECKED_INTENTS = ["reset", "dismiss"] as const;

export function isChartType(type: string | null | undefined): boolean {
  return (chartWidgetTypes as readonly string[]).includes(type ?? "");
}

export function isWidgetType(type: string | null | undefined): type is WidgetType {
  return (widgetTypes as readonly string[]).includes(type ?? "");
}

/** Anything goes: the form as posted, for the buttons that keep it without checking it. */
const unchecked = z.looseObject({});

/**
 * The widget builder's form, read by the contract's schema (spec §5 widget validity) in the browser and in the action
 * alike; Reset and the warning's Close post it as it is.
 */
export function parseWidgetForm(formData: FormData) {
  const intent = formData.get("intent");
  if ((UNCHECKED_INTENTS as readonly unknown[]).includes(intent)) return parseWithZod(formData, { schema: unchecked });
  return parseWithZod(formData, { schema: widgetInputSchema, error: requiredErrors });
}

/** What the API stores: only the configuration the widget's type uses. */
export function toWidgetInput(value: WidgetInput): WidgetInput {
  const type = value.widgetConfiguration.type;
  const chart = isChartType(type);
  return {
    ...value,
    singleNumberConfiguration: type === "KPI" ? (value.singleNumberConfiguration ?? null) : null,
    countLabelConfiguration: chart ? (value.countLabelConfiguration ?? null) : null,
    groupBy: chart ? (value.groupBy ?? null) : null,
    tableSorting: type === "TABLE" ? value.tableSorting : [],
  };
}

/** Whether anything was entered in the builder, so that Reset asks first. */
export function hasEntries(payload: Record<string, unknown>): boolean {
  const filled = (value: unknown): boolean => {
    if (typeof value === "string") return value.trim() !== "";
    if (Array.isArray(value)) return value.some(filled);
    if (value && typeof value === "object") return Object.values(value).some(filled);
    return false;
  };
  const { intent: _intent, widgetConfiguration, ...rest } = payload;
  // The type and the data source are chosen before the form; they count as entered.
  return filled(rest) || filled(widgetConfiguration);
}

/**
 * The form's values: a saved widget's, or a new one's of the chosen type and data source (a chart starts with one
 * value, which counts the rows).
 */
export function widgetDefaults(type: WidgetType, datasourceUuidKey: string, widget?: WidgetDto | null) {
  const same = widget && widget.widgetConfiguration.type === type;
  const sameSource = widget && widget.widgetConfiguration.datasourceUuidKey === datasourceUuidKey;
  const fieldsKept = Boolean(sameSource);
  return {
    name: widget?.name ?? "",
    description: widget?.description ?? "",
    widgetConfiguration: {
      type,
      datasourceUuidKey,
      customizableFilterFields: fieldsKept ? (widget?.widgetConfiguration.customizableFilterFields ?? []) : [],
      filters: fieldsKept
        ? (widget?.widgetConfiguration.filters ?? []).map((filter) => ({
            ...filter,
            paramValue: filter.paramValue ?? "",
          }))
        : [],
    },
    singleNumberConfiguration:
      same && fieldsKept && widget.singleNumberConfiguration
        ? {
            aggregationFunction: widget.singleNumberConfiguration.aggregationFunction,
            field: widget.singleNumberConfiguration.field ?? "",
          }
        : { aggregationFunction: "", field: "" },
    countLabelConfiguration:
      fieldsKept && widget?.countLabelConfiguration
        ? widget.countLabelConfiguration
        : {
            labelField: "",
            description: "",
            countConfigurations: [{ description: "", countField: "", countAggregationFunction: "COUNT" }],
          },
    groupBy: (fieldsKept && widget?.groupBy) || "",
    tableSorting: fieldsKept ? (widget?.tableSorting ?? []) : [],
  };
}
