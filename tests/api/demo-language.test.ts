import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

// DEMO_LANGUAGE=nb makes a Norwegian demo workspace: its records are named in Norwegian, and users who choose no
// language see Norwegian. (An English demo, the default, is what every other test runs on.)
describe(`a Norwegian demo workspace on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;

  const get = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: bearer(admin.access_token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true, DEMO_LANGUAGE: "nb" });
    admin = await signIn(t.app, "admin@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("speaks Norwegian to users who chose no language", async () => {
    expect((await get("/api/core/company_settings")).defaultLanguage).toBe("nb");
  });

  it("names its dashboards, widgets and data sources in Norwegian", async () => {
    const board = await get("/api/dashboards/core/categories/default");
    expect(board.name).toBe("Salgsoversikt");
    const view = await get(`/api/dashboards/core/view/${board.uuid}?lang=nb`);
    expect(view.widgets.map((placed: { widget: { name: string } }) => placed.widget.name)).toEqual([
      "Firmaer",
      "Firmaer per bransje",
      "Ansatte per by",
      "Største firmaer",
    ]);
    expect(view.widgets[1].data.series[0].description).toBe("Firmaer");
    const sources = await get("/api/dashboards/core/datasource?size=50");
    expect(sources.content.map((source: { name: string }) => source.name).sort()).toEqual([
      "Firmaer",
      "Firmaer og kontakter",
    ]);
  });

  it("names its groups and saved queries in Norwegian", async () => {
    const groups = await get("/api/iam/groups?size=50");
    expect(groups.content.map((group: { name: string }) => group.name).sort()).toEqual([
      "Kundestøtte",
      "Ledelse",
      "Salg",
    ]);
    const global = await get("/api/advanced_search/global?size=50");
    expect(global.content.map((query: { name: string }) => query.name)).toEqual(["Kunder i Bergen"]);
  });
});
