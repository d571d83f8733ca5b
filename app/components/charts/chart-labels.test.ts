import { describe, expect, it } from "vitest";
import type { ChartWidgetData, DateGrouping } from "../../../server/contract/widget-data.ts";
import en from "../../locales/en.ts";
import nb from "../../locales/nb.ts";
import type { Language } from "../../utils/i18n.ts";
import { hasChartValues, type LabelTexts, labelText, shortLabel } from "./chart-labels.ts";

/** The label texts as the component fills them from the locale files. */
function labelTexts(language: Language): LabelTexts {
  const charts = (language === "en" ? en : nb).charts;
  return {
    language,
    empty: charts.empty,
    week: (week, year) => charts.week.replace("{{week}}", String(week)).replace("{{year}}", String(year)),
    quarter: (quarter, year) =>
      charts.quarter.replace("{{quarter}}", String(quarter)).replace("{{year}}", String(year)),
  };
}

const grouped = (key: string, grouping: DateGrouping, language: Language) =>
  labelText({ key, text: null }, grouping, labelTexts(language));

describe("a chart's label", () => {
  it("writes a grouped date by its grouping, in English and in Norwegian", () => {
    expect(grouped("2026-11-23", "DAY", "en")).toBe("November 23, 2026");
    expect(grouped("2026-11-23", "DAY", "nb")).toBe("23. november 2026");
    expect(grouped("2026-11-23", "WEEK", "en")).toBe("Week 48, 2026");
    expect(grouped("2026-11-23", "WEEK", "nb")).toBe("Uke 48, 2026");
    expect(grouped("2026-11-01", "MONTH", "en")).toBe("November 2026");
    expect(grouped("2026-11-01", "MONTH", "nb")).toBe("november 2026");
    expect(grouped("2026-10-01", "QUARTER", "en")).toBe("Q4 2026");
    expect(grouped("2026-10-01", "QUARTER", "nb")).toBe("K4 2026");
    expect(grouped("2026-01-01", "QUARTER", "en")).toBe("Q1 2026");
    expect(grouped("2026-01-01", "YEAR", "nb")).toBe("2026");
  });

  it("numbers weeks the ISO way: the week of 30 December 2024 is the first of 2025", () => {
    expect(grouped("2024-12-30", "WEEK", "en")).toBe("Week 1, 2025");
    expect(grouped("2027-01-01", "WEEK", "nb")).toBe("Uke 53, 2026");
  });

  it("prefers the label's text, falls back to its key, and names records without a value", () => {
    const texts = labelTexts("en");
    expect(labelText({ key: "won", text: "Won" }, null, texts)).toBe("Won");
    expect(labelText({ key: "Oslo", text: null }, null, texts)).toBe("Oslo");
    expect(labelText({ key: "not a date", text: null }, "MONTH", texts)).toBe("not a date");
    expect(labelText({ key: null, text: null }, "MONTH", texts)).toBe("(empty)");
    expect(labelText({ key: null, text: null }, null, labelTexts("nb"))).toBe("(tom)");
  });

  it("is cut with an ellipsis where it must be short", () => {
    expect(shortLabel("Northern Norway", 8)).toBe("Norther…");
    expect(shortLabel("Oslo", 8)).toBe("Oslo");
  });
});

describe("whether a chart has something to draw", () => {
  const data = (type: ChartWidgetData["type"], values: (number | null)[]): ChartWidgetData => ({
    type,
    labelTitle: "Status",
    dateGrouping: null,
    labels: values.map((_, index) => ({ key: String(index), text: null })),
    series: [
      { key: "a", description: "A", values },
      { key: "b", description: "B", values: values.map(() => 4) },
    ],
  });

  it("needs labels and a value; pies and treemaps need one above zero", () => {
    expect(hasChartValues(data("BAR", []))).toBe(false);
    expect(hasChartValues(data("BAR", [null, null]))).toBe(false);
    expect(hasChartValues(data("BAR", [null, -2]))).toBe(true);
    expect(hasChartValues(data("PIE", [0, -2, null]))).toBe(false);
    expect(hasChartValues(data("TREE", [0, 3]))).toBe(true);
    // A grouped chart draws its second series too.
    expect(hasChartValues(data("GROUPED_BAR", [null, null]))).toBe(true);
  });
});
