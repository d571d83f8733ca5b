/**
 * A dashboard's URL carries each widget's own choices, named by the widget's id so that several widgets (and the
 * record page's own parameters) never mix: `{widgetId}.{field}` for a filter's value (data source fields are
 * "schema.table.field"), `{widgetId}.page` for a table's page, from 1.
 */
export const filterParam = (widgetId: string, field: string) => `${widgetId}.${field}`;
export const pageParam = (widgetId: string) => `${widgetId}.page`;

/** The chart kit's size for a widget as wide as `width` of the grid's 12 columns. */
export function chartSize(width: number): "sm" | "md" | "lg" {
  if (width <= 4) return "sm";
  if (width <= 8) return "md";
  return "lg";
}

/** The record tab's query parameter naming which of the entity's dashboards it shows. */
export const DASHBOARD_PARAM = "dashboard";
