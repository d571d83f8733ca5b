import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../tests/support/messages.ts";
import { hasEntries, parseWidgetForm, toWidgetInput, widgetDefaults } from "./widget-form.ts";

const SOURCE = "0b6f3c1e-8a0f-4d5e-9c1a-2b3c4d5e6f70";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const base = { "widgetConfiguration.datasourceUuidKey": SOURCE };

describe("the widget builder's form", () => {
  it("asks a KPI for its aggregate (spec §5)", () => {
    const submission = parseWidgetForm(form({ ...base, "widgetConfiguration.type": "KPI", intent: "save" }));
    expect(submission.status).toBe("error");
    expect(inEnglish(submission.reply().error?.["singleNumberConfiguration.aggregationFunction"])).toEqual([
      "Choose an aggregate",
    ]);
  });

  it("asks a chart for a name, a label field, and a name for every value", () => {
    const submission = parseWidgetForm(
      form({
        ...base,
        "widgetConfiguration.type": "BAR",
        "countLabelConfiguration.countConfigurations[0].countAggregationFunction": "SUM",
        intent: "preview",
      }),
    );
    expect(submission.status).toBe("error");
    expect(inEnglish(submission.reply().error)).toMatchObject({
      name: ["Required"],
      "countLabelConfiguration.labelField": ["Required"],
      "countLabelConfiguration.countConfigurations[0].description": ["Required"],
      "countLabelConfiguration.countConfigurations[0].countField": ["Required"],
    });
  });

  it("takes a table as it is, and keeps only its own configuration for the API", () => {
    const submission = parseWidgetForm(
      form({
        ...base,
        "widgetConfiguration.type": "TABLE",
        "tableSorting[0].field": "company.name",
        "tableSorting[0].direction": "desc",
        "countLabelConfiguration.labelField": "company.city",
        intent: "save",
      }),
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const input = toWidgetInput(submission.value as Parameters<typeof toWidgetInput>[0]);
    expect(input.tableSorting).toEqual([{ field: "company.name", direction: "desc" }]);
    expect(input.countLabelConfiguration).toBeNull();
    expect(input.singleNumberConfiguration).toBeNull();
  });

  it("lets Reset through unchecked, and knows whether anything was entered", () => {
    const empty = parseWidgetForm(form({ ...base, "widgetConfiguration.type": "BAR", intent: "reset" }));
    expect(empty.status).toBe("success");
    expect(hasEntries({ intent: "reset", widgetConfiguration: { type: "BAR" }, name: "" })).toBe(true);
    expect(hasEntries({ intent: "reset", name: " ", countLabelConfiguration: { countConfigurations: [{}] } })).toBe(
      false,
    );
    expect(hasEntries({ intent: "reset", name: "Sales" })).toBe(true);
  });

  it("starts a new chart with one value that counts rows, and keeps a saved widget's choices", () => {
    const fresh = widgetDefaults("PIE", SOURCE);
    expect(fresh.countLabelConfiguration.countConfigurations).toEqual([
      { description: "", countField: "", countAggregationFunction: "COUNT" },
    ]);
    const saved = {
      uuid: "5f0c7a9e-1111-4222-8333-944455556666",
      name: "Sum of employees",
      description: "",
      widgetConfiguration: { type: "KPI", datasourceUuidKey: SOURCE, customizableFilterFields: [], filters: [] },
      singleNumberConfiguration: { aggregationFunction: "SUM", field: "company.employees" },
      countLabelConfiguration: null,
      groupBy: null,
      tableSorting: [],
      datasource: { uuid: SOURCE, name: "Companies" },
      dashboards: [],
      createdAt: "2026-11-25T09:00:00Z",
      updatedAt: "2026-11-25T09:00:00Z",
    } as const;
    const kept = widgetDefaults("KPI", SOURCE, {
      ...saved,
      widgetConfiguration: { ...saved.widgetConfiguration },
    } as never);
    expect(kept.singleNumberConfiguration).toEqual({ aggregationFunction: "SUM", field: "company.employees" });
    // Another data source has other fields: what named this one's is left out.
    const moved = widgetDefaults("KPI", "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6", saved as never);
    expect(moved.singleNumberConfiguration).toEqual({ aggregationFunction: "", field: "" });
  });
});
