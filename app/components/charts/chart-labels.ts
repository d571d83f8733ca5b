import dayjs from "dayjs";
import "dayjs/locale/nb.js";
import isoWeek from "dayjs/plugin/isoWeek.js";
import type { ChartWidgetData, DateGrouping, WidgetLabel, WidgetSeries } from "../../../server/contract/widget-data.ts";
import { dateFormats } from "../../utils/dates.ts";
import type { Language } from "../../utils/i18n.ts";

dayjs.extend(isoWeek);

/** The texts a label may need, in the page's language. */
export interface LabelTexts {
  language: Language;
  /** "(empty)": the label of records without a value. */
  empty: string;
  /** "Week 48, 2026" from the week's number and its ISO year. */
  week: (week: number, year: number) => string;
  /** "Q4 2026" from the quarter's number and its year. */
  quarter: (quarter: number, year: number) => string;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A grouped date's label from its bucket's first day (YYYY-MM-DD), in the page's language: a day as the product writes
 * dates, weeks by their ISO number and year (Norway counts weeks the ISO way, Monday first), months by name, quarters
 * and years by number. Null when the key is not a calendar date.
 */
export function dateGroupText(key: string, grouping: DateGrouping, texts: LabelTexts): string | null {
  if (!CALENDAR_DATE.test(key)) return null;
  const date = dayjs(key, "YYYY-MM-DD").locale(texts.language);
  if (!date.isValid()) return null;
  switch (grouping) {
    case "DAY":
      return date.format(dateFormats[texts.language].date);
    case "WEEK":
      return texts.week(date.isoWeek(), date.isoWeekYear());
    case "MONTH":
      return date.format("MMMM YYYY");
    case "QUARTER":
      return texts.quarter(Math.floor(date.month() / 3) + 1, date.year());
    case "YEAR":
      return date.format("YYYY");
  }
}

/** A label as the chart shows it: its text, else its grouped date, else its key; "(empty)" for records without one. */
export function labelText(label: WidgetLabel, grouping: DateGrouping | null, texts: LabelTexts): string {
  if (label.text !== null && label.text !== "") return label.text;
  if (label.key === null || label.key === "") return texts.empty;
  return (grouping && dateGroupText(label.key, grouping, texts)) ?? label.key;
}

/** The series a chart type draws: the first for LINE, BAR, PIE and TREE, every one for MULTILINE and GROUPED_BAR. */
export function drawnSeries(data: ChartWidgetData): WidgetSeries[] {
  return data.type === "MULTILINE" || data.type === "GROUPED_BAR" ? data.series : data.series.slice(0, 1);
}

/**
 * Whether the chart has anything to draw: labels, and a value among them (a pie or a treemap needs one above zero,
 * as neither can draw a negative or empty share).
 */
export function hasChartValues(data: ChartWidgetData): boolean {
  if (data.labels.length === 0) return false;
  const parts = data.type === "PIE" || data.type === "TREE";
  return drawnSeries(data).some((series) =>
    series.values.some((value) => value !== null && Number.isFinite(value) && (!parts || value > 0)),
  );
}

// Building an Intl.NumberFormat costs far more than using one.
const compactFormatters: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }),
  nb: new Intl.NumberFormat("nb-NO", { notation: "compact", maximumFractionDigits: 1 }),
};

/** A value on an axis, short: "1.2K", "1,2k". */
export function formatCompact(value: number, language: Language): string {
  return compactFormatters[language].format(value);
}

/** A label cut to fit beside an axis or on a slice; the whole text is in the tooltip and the data table. */
export function shortLabel(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
