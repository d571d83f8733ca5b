import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { serverMarkup } from "../../../tests/support/server-markup.tsx";
import type { Language } from "../../utils/i18n.ts";
import type { DashboardWidget } from "./dashboard.server.ts";
import DashboardGrid, { type DashboardGridProps } from "./dashboard-grid.tsx";
import { chartSize, filterParam, pageParam } from "./dashboard-params.ts";

/** The styles of the last render, as the page's head would carry them. */
let styles = "";

/** The markup the server sends for the grid, charts included. */
async function render(element: ReactNode, language: Language = "en"): Promise<string> {
  const markup = await serverMarkup(element, { language, path: "/dashboard/:id", url: "/dashboard/d1" });
  styles = markup.styles;
  return markup.html;
}

const KPI = "11111111-1111-4111-8111-111111111111";
const TABLE = "22222222-2222-4222-8222-222222222222";

function widget(overrides: Partial<DashboardWidget>): DashboardWidget {
  return {
    uuid: KPI,
    name: "Companies",
    description: "",
    type: "KPI",
    width: 4,
    height: 2,
    data: { type: "KPI", description: "", aggregationFunction: "COUNT", value: 42 },
    error: null,
    filters: [],
    pageParam: pageParam(KPI),
    ...overrides,
  };
}

const grid = (props: Partial<DashboardGridProps>) => (
  <DashboardGrid widgets={[]} empty={null} kept={[]} action="/dashboard/d1" {...props} />
);

/** The `name="value"` pairs of a form's hidden inputs. */
function hiddenInputs(html: string): string[] {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, n, v]) => `${n}=${v}`);
}

describe("a dashboard's grid", () => {
  it("says the spec's text when the dashboard has no widgets, in either language", async () => {
    expect(await render(grid({ empty: "apiErrors.EmptyDashboardException" }))).toContain(
      "This dashboard is currently empty.",
    );
    expect(await render(grid({ empty: "apiErrors.EmptyDashboardException" }), "nb")).toContain(
      "Dette dashbordet er tomt.",
    );
  });

  it("places each widget as a card as wide as its placement, with its name, description and data", async () => {
    const html = await render(grid({ widgets: [widget({ description: "All of them", width: 5, height: 3 })] }));
    expect(html).toContain('aria-label="Companies"');
    expect(html).toContain("All of them");
    // One column on narrow screens; the placement's columns and rows from the large breakpoint.
    expect(styles).toMatch(/@media[^{]*\{[^}]*grid-column:span 5/);
    expect(styles).toMatch(/@media[^{]*\{[^}]*grid-row:span 3/);
    expect(styles).toMatch(/@media[^{]*\{[^}]*grid-template-columns:repeat\(12, minmax\(0, 1fr\)\)/);
    expect(html).toContain(">42<");
  });

  it("shows a widget's error in its card: a 403 as the permission text, a known exception by its text", async () => {
    const html = await render(
      grid({
        widgets: [
          widget({ data: null, error: { status: 403, exceptionName: "AccessDeniedException", message: "x" } }),
          widget({
            uuid: TABLE,
            name: "Sources",
            data: null,
            error: { status: 400, exceptionName: "DatasourceValidationException", message: "No Results Found" },
          }),
        ],
      }),
      "nb",
    );
    const errors = [...html.matchAll(/data-testid="widget-error"[^>]*>([^<]*)</g)].map(([, text]) => text);
    expect(errors).toEqual(["Handlingen er ikke tillatt", expect.any(String)]);
    expect(errors[1]).not.toBe("No Results Found");
  });

  it("gives each widget a GET form of its filters that keeps the other widgets' choices and starts its table anew", async () => {
    const city = filterParam(KPI, "crm.company.city");
    const name = filterParam(TABLE, "crm.company.name");
    const html = await render(
      grid({
        widgets: [
          widget({
            filters: [
              {
                field: "crm.company.city",
                label: "Sted",
                param: city,
                value: "Oslo",
                options: [
                  { value: "Bergen", label: "Bergen" },
                  { value: "Oslo", label: "Oslo" },
                ],
              },
            ],
          }),
          widget({
            uuid: TABLE,
            name: "List",
            type: "TABLE",
            data: {
              type: "TABLE",
              columns: [{ key: "crm.company.name", label: "Company name", type: "Text" }],
              rows: [],
              page: 0,
              size: 20,
              totalElements: 0,
            },
            pageParam: pageParam(TABLE),
            filters: [{ field: "crm.company.name", label: "Firmanavn", param: name, value: "", options: null }],
          }),
        ],
        kept: [
          [city, "Oslo"],
          [pageParam(TABLE), "3"],
          [name, "Zz"],
        ],
        keep: { dashboard: "d1" },
      }),
    );
    const forms = html.split("<form").slice(1);
    expect(forms).toHaveLength(2);
    for (const form of forms) {
      const tag = /^[^>]*>/.exec(form)?.[0] ?? "";
      expect(tag).toContain('method="get"');
      expect(tag).toContain('action="/dashboard/d1"');
    }
    // The KPI's form: the table's choices kept, its own value in its select.
    expect(hiddenInputs(forms[0])).toEqual(["dashboard=d1", `${pageParam(TABLE)}=3`, `${name}=Zz`]);
    expect(forms[0]).toMatch(new RegExp(`<select[^>]*name="${city.replace(/\./g, "\\.")}"`));
    expect(forms[0]).toContain('<option value="">All</option>');
    // The table's form: its page left out, so a new filter starts at its first page; many values: a text input.
    expect(hiddenInputs(forms[1])).toEqual(["dashboard=d1", `${city}=Oslo`]);
    expect(forms[1]).toMatch(/<input[^>]*name="22222222-2222-4222-8222-222222222222\.crm\.company\.name"/);
    // Each field by the name the API gives it in the page's language.
    expect(forms[0]).toContain("Sted");
    expect(forms[1]).toContain("Firmanavn");
  });

  it("sizes a chart by the columns its widget takes", () => {
    expect([1, 4, 5, 8, 9, 12].map(chartSize)).toEqual(["sm", "sm", "md", "md", "lg", "lg"]);
  });
});
