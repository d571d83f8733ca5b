import { messageCodes } from "./message-code.ts";

/**
 * Dashboards' and widgets' texts, apart from the schemas (dashboards.ts, which re-exports them) so that the web app's
 * locale files and message lookup use them without loading Zod into every page.
 */

/** The spec's texts (§8), as codes. */
export const EMPTY_DASHBOARD_TEXT = "apiErrors.EmptyDashboardException";
export const DATASOURCE_IN_USE_TEXT = "apiErrors.DatasourceInUseException";

/** The product's own texts in English (the specification has none), by their keys (`dashboardMessages.<name>`). */
export const dashboardEnglish = {
  dashboardNotFound: "Dashboard not found",
  widgetNotFound: "Widget not found",
  datasourceNotFound: "Data source not found",
  recordNotFound: "Record not found",
  aggregateRequired: "Choose an aggregate",
  unknownField: "Not a field of the data source",
  numberField: "Must be a number field",
  notFilterable: "This field cannot be filtered here",
  notInSource: "The data source does not include this entity",
  alreadyPlaced: "The widget is already on this dashboard",
  tooManyWidgets: "At most 50 widgets on a dashboard",
} as const;

/** The codes of dashboards' and widgets' messages. */
export const dashboardTexts = messageCodes("dashboardMessages", dashboardEnglish);
