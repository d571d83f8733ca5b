import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { ChartWidgetData, WidgetData } from "../../../server/contract/widget-data.ts";
import { serverMarkup } from "../../../tests/support/server-markup.tsx";
import type { Language } from "../../utils/i18n.ts";
import { chartColor } from "./chart-palette.ts";
import { WidgetView } from "./widget-view.tsx";

/** The markup the server sends. */
async function render(element: ReactNode, language: Language = "en", url = "/"): Promise<string> {
  return (await serverMarkup(element, { language, url })).html;
}

/** The attributes of each tag of `name` (the markup has no DOM to query here). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "g"))].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? ""]),
    ),
  );
}

/** The text of every element of `name`, tags inside it removed. */
function texts(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, "g"))].map(([, inner]) =>
    inner
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'")
      .trim(),
  );
}

/** The view-data table's body: one array of cell texts per row, the label first. */
function dataRows(html: string): string[][] {
  const body = /<details[\s\S]*?<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...row.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => cell.replace(/<[^>]+>/g, "")),
  );
}

const monthly = (type: ChartWidgetData["type"]): ChartWidgetData => ({
  type,
  labelTitle: "Created",
  dateGrouping: "MONTH",
  labels: [
    { key: "2026-09-01", text: null },
    { key: "2026-10-01", text: null },
    { key: "2026-11-01", text: null },
  ],
  series: [
    { key: "count", description: "New companies", values: [1200, 3400.5, null] },
    { key: "sum", description: "Revenue", values: [5, 2, 7] },
  ],
});

const byStatus: ChartWidgetData = {
  type: "PIE",
  labelTitle: "Status",
  dateGrouping: null,
  labels: [
    { key: "active", text: "Active" },
    { key: "lost", text: "Lost" },
    { key: null, text: null },
    { key: "won", text: "Won" },
  ],
  series: [{ key: "count", description: "Companies", values: [30, 10, 5, 0] }],
};

/** A palette colour as nivo writes it where it computes colours (the pie's slices). */
function rgba(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, 1)`;
}

/** Bars drawn by the chart: nivo marks each with a test id. */
function bars(html: string) {
  return tags(html, "rect").filter((rect) => rect["data-testid"]?.startsWith("bar.item."));
}

describe("a bar chart", () => {
  it("draws the first series as real bars on the server: one rect per value, each with a width and a height", async () => {
    const html = await render(<WidgetView data={monthly("BAR")} title="Companies by month" />);
    const drawn = bars(html);
    // The third month has no value: no bar.
    expect(drawn).toHaveLength(2);
    for (const bar of drawn) {
      expect(Number(bar.width)).toBeGreaterThan(10);
      expect(Number(bar.height)).toBeGreaterThan(0);
      expect(bar.fill).toBe(chartColor(0));
    }
    // 3400.5 is drawn taller than 1200.
    expect(Number(drawn[1].height)).toBeGreaterThan(Number(drawn[0].height) * 2);
  });

  it("is an image named by the widget, with the labels under it", async () => {
    const html = await render(<WidgetView data={monthly("BAR")} title="Companies by month" />);
    const svg = tags(html, "svg")[0];
    expect(svg.role).toBe("img");
    expect(svg["aria-label"]).toBe("Companies by month");
    expect(texts(html, "text")).toEqual(expect.arrayContaining(["September 2026", "October 2026", "November 2026"]));
  });

  it("groups every series side by side as a grouped bar chart, with a legend", async () => {
    const html = await render(<WidgetView data={monthly("GROUPED_BAR")} title="Companies by month" />);
    const drawn = bars(html);
    expect(drawn).toHaveLength(5);
    expect(drawn.every((bar) => Number(bar.width) > 0 && Number(bar.height) > 0)).toBe(true);
    expect(new Set(drawn.map((bar) => bar.fill))).toEqual(new Set([chartColor(0), chartColor(1)]));
    expect(texts(html, "li")).toEqual(["New companies", "Revenue"]);
  });
});

describe("a line chart", () => {
  it("draws the first series as a path", async () => {
    const html = await render(<WidgetView data={monthly("LINE")} title="Companies by month" />);
    const lines = tags(html, "path").filter((path) => path.fill === "none" && path["stroke-width"] === "2");
    expect(lines).toHaveLength(1);
    expect(lines[0].d).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
    expect(lines[0].stroke).toBe(chartColor(0));
    expect(tags(html, "svg")[0]["aria-label"]).toBe("Companies by month");
  });

  it("draws every series as a multiline chart", async () => {
    const html = await render(<WidgetView data={monthly("MULTILINE")} title="Companies by month" />);
    const lines = tags(html, "path").filter((path) => path.fill === "none" && path["stroke-width"] === "2");
    expect(lines).toHaveLength(2);
    expect(new Set(lines.map((line) => line.stroke))).toEqual(new Set([chartColor(0), chartColor(1)]));
    // The second series has three values: two segments.
    expect(lines.some((line) => (line.d.match(/L/g) ?? []).length === 2)).toBe(true);
  });
});

describe("a pie chart", () => {
  it("draws a slice per label with a value above zero, named by the widget", async () => {
    const html = await render(<WidgetView data={byStatus} title="Companies by status" />);
    const slices = tags(html, "path").filter((path) => path["data-testid"]?.startsWith("arc."));
    expect(slices).toHaveLength(3);
    expect(slices.every((slice) => /^M.+A.+Z$/.test(slice.d))).toBe(true);
    expect(slices.map((slice) => slice.fill)).toEqual([0, 1, 2].map((index) => rgba(chartColor(index))));
    expect(html).toContain('role="img" aria-label="Companies by status"');
    // The labels beside the slices: a label without a value is "(empty)".
    expect(texts(html, "text")).toEqual(expect.arrayContaining(["Active", "Lost", "(empty)"]));
  });

  it("keeps every label beside its slice inside the chart's box, long ones cut, and the whole one in the data table", async () => {
    const cities = [
      "Kristiansand kommune og omegn",
      "Bergen",
      "Trondheim sentrum og Byåsen",
      "Oslo",
      "Fredrikstad og Sarpsborg",
      "Tromsø",
      "Wergelandsveien Næringspark",
    ];
    const data: ChartWidgetData = {
      type: "PIE",
      labelTitle: "City",
      dateGrouping: null,
      labels: cities.map((city) => ({ key: city, text: city })),
      // The first slice is half the pie: its label is at three o'clock, as far right as a label goes.
      series: [{ key: "v0", description: "Employees", values: [56, 20, 14, 8, 6, 4, 3] }],
    };
    for (const size of ["md", "lg"] as const) {
      const html = await render(<WidgetView data={data} title="Employees by city" size={size} />);
      const svg = tags(html, "svg")[0];
      const [width, height] = [Number(svg.width), Number(svg.height)];
      // nivo draws the labels in a group at the pie's centre: the margin's group, then the centre's.
      const [outer, centre] = [...html.matchAll(/<g transform="translate\(([\d.-]+),([\d.-]+)\)">/g)]
        .slice(0, 2)
        .map(([, x, y]) => [Number(x), Number(y)]);
      const [cx, cy] = [outer[0] + centre[0], outer[1] + centre[1]];
      const labels = [
        ...html.matchAll(
          /<text transform="translate\(([\d.e-]+),([\d.e-]+)\)" text-anchor="(start|end)"[^>]*>([^<]*)<\/text>/g,
        ),
      ];
      expect(labels.length, size).toBe(cities.length);
      for (const [, x, y, anchor, text] of labels) {
        // 12 px semibold text: 7.5 px a character is wider than most.
        const textWidth = text.length * 7.5;
        const left = cx + Number(x) - (anchor === "end" ? textWidth : 0);
        const right = cx + Number(x) + (anchor === "start" ? textWidth : 0);
        expect(left, `${text} on ${size}`).toBeGreaterThanOrEqual(0);
        expect(right, `${text} on ${size}`).toBeLessThanOrEqual(width);
        expect(cy + Number(y) - 7, `${text} on ${size}`).toBeGreaterThanOrEqual(0);
        expect(cy + Number(y) + 7, `${text} on ${size}`).toBeLessThanOrEqual(height);
      }
      expect(dataRows(html).map((row) => row[0])).toEqual(cities);
    }
  });
});

describe("a treemap", () => {
  it("draws a cell per label with a value above zero, the labels written on the cells", async () => {
    const html = await render(<WidgetView data={{ ...byStatus, type: "TREE" }} title="Companies by status" />);
    const cells = tags(html, "rect").filter((rect) => rect["data-testid"]?.startsWith("node."));
    expect(cells).toHaveLength(3);
    expect(cells.every((cell) => Number(cell.width) > 0 && Number(cell.height) > 0)).toBe(true);
    // The biggest value has the biggest cell.
    const area = (cell: Record<string, string>) => Number(cell.width) * Number(cell.height);
    expect(area(cells.find((cell) => cell["data-testid"] === "node.0") ?? {})).toBeGreaterThan(
      area(cells.find((cell) => cell["data-testid"] === "node.1") ?? {}),
    );
    expect(texts(html, "text")).toEqual(expect.arrayContaining(["Active", "Lost"]));
    expect(tags(html, "svg")[0]["aria-label"]).toBe("Companies by status");
  });
});

describe("the data under a chart", () => {
  it("is a table folded in a details element: a label column, then one column per series, values in English", async () => {
    const html = await render(<WidgetView data={monthly("GROUPED_BAR")} title="Companies by month" />);
    expect(texts(html, "summary")).toEqual(["View data"]);
    expect(texts(html, "caption")).toEqual(["Companies by month"]);
    expect(tags(html, "th").filter((th) => th.scope === "col")).toHaveLength(3);
    expect(texts(html, "thead")[0]).toBe("CreatedNew companiesRevenue");
    expect(dataRows(html)).toEqual([
      ["September 2026", "1,200", "5"],
      ["October 2026", "3,400.5", "2"],
      ["November 2026", "—", "7"],
    ]);
  });

  it("writes labels and numbers as Norwegian does", async () => {
    const html = await render(<WidgetView data={monthly("GROUPED_BAR")} title="Firmaer per måned" />, "nb");
    expect(texts(html, "summary")).toEqual(["Vis data"]);
    expect(dataRows(html)).toEqual([
      ["september 2026", "1\u00a0200", "5"],
      ["oktober 2026", "3\u00a0400,5", "2"],
      ["november 2026", "—", "7"],
    ]);
    expect(texts(html, "text")).toEqual(expect.arrayContaining(["september 2026"]));
  });

  it("has only the drawn series: a bar chart's first", async () => {
    const html = await render(<WidgetView data={monthly("BAR")} title="Companies by month" />);
    expect(dataRows(html)[0]).toEqual(["September 2026", "1,200"]);
  });
});

describe("a KPI", () => {
  const kpi = (value: number | null): WidgetData => ({
    type: "KPI",
    description: "Revenue this year",
    aggregationFunction: "AVG",
    value,
  });

  it("shows its number for the page's language, its description and its aggregation", async () => {
    const english = await render(<WidgetView data={kpi(1234567.5)} title="Revenue" />);
    expect(english).toContain(">1,234,567.5<");
    expect(english).toContain("Revenue this year");
    expect(english).toContain("Average");
    const norwegian = await render(<WidgetView data={kpi(1234567.5)} title="Omsetning" />, "nb");
    expect(norwegian).toContain(">1\u00a0234\u00a0567,5<");
    expect(norwegian).toContain("Gjennomsnitt");
  });

  it("shows a dash and says there is no data when it has no value", async () => {
    const html = await render(<WidgetView data={kpi(null)} title="Revenue" />);
    expect(html).toContain(">—<");
    expect(html).toContain("No data");
    expect(await render(<WidgetView data={kpi(null)} title="Omsetning" />, "nb")).toContain("Ingen data");
  });
});

describe("an empty chart", () => {
  it("says there is no data instead of drawing, without labels or without values", async () => {
    const noLabels = await render(<WidgetView data={{ ...monthly("BAR"), labels: [] }} title="Companies" />);
    expect(noLabels).toContain('data-testid="empty-state"');
    expect(noLabels).toContain("No data");
    expect(noLabels).not.toContain("<svg");
    const noValues = await render(
      <WidgetView
        data={{ ...byStatus, series: [{ key: "count", description: "Companies", values: [0, null, 0, 0] }] }}
        title="Companies"
      />,
      "nb",
    );
    expect(noValues).toContain("Ingen data");
    expect(noValues).not.toContain("<svg");
  });
});

describe("a table widget", () => {
  const table: WidgetData = {
    type: "TABLE",
    columns: [
      { key: "name", label: "Name", type: "Text" },
      { key: "employees", label: "Employees", type: "Number" },
      { key: "founded", label: "Founded", type: "Date" },
      { key: "active", label: "Active", type: "Bool" },
    ],
    rows: [
      { name: "Zz Alpha", employees: 12000, founded: "2020-03-01", active: true },
      { name: "Zz Beta", employees: null, founded: null, active: false },
    ],
    page: 0,
    size: 2,
    totalElements: 5,
  };

  it("lists its rows with values shown by type, and pages by its own parameter", async () => {
    const html = await render(<WidgetView data={table} title="Companies" pageParam="w1" />, "en", "/?w2=3");
    expect(texts(html, "th")).toEqual(["Name", "Employees", "Founded", "Active"]);
    expect(texts(html, "td")).toEqual(["Zz Alpha", "12,000", "March 01, 2020", "Yes", "Zz Beta", "—", "—", "No"]);
    expect(html).toContain("Showing 1 to 2 of 5 entries");
    // The next page keeps the other table's page.
    expect(tags(html, "a").map((a) => a.href)).toContain("/?w2=3&amp;w1=2");
  });

  it("shows values in Norwegian, and no footer when all rows fit on one page", async () => {
    const html = await render(<WidgetView data={{ ...table, totalElements: 2 }} title="Firmaer" />, "nb");
    expect(texts(html, "td")).toEqual(["Zz Alpha", "12\u00a0000", "1. mars 2020", "Ja", "Zz Beta", "—", "—", "Nei"]);
    expect(html).not.toContain("list-footer");
  });

  it("says there is no data when it has no rows", async () => {
    const html = await render(<WidgetView data={{ ...table, rows: [], totalElements: 0 }} title="Companies" />);
    expect(html).toContain("No data");
  });
});
