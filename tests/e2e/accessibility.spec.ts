import AxeBuilder from "@axe-core/playwright";
import type { Page, Response } from "@playwright/test";
import { signIn } from "./auth.ts";
import { expect, jsEnabled, test } from "./fixtures.ts";

/**
 * Every screen, judged by axe (WCAG 2.1 A and AA): no serious or critical violation, in both skins' default (dark),
 * with JavaScript on and off. Record pages are found from their lists, so the demo's data decides which records.
 */
const lists = ["/companies", "/contacts", "/inquiries", "/todo", "/notes", "/documents"];
const screens = [
  "/",
  ...lists,
  "/imports",
  "/imports/new",
  "/exports",
  "/advanced-search",
  "/advanced-search/create",
  "/shortcuts",
  "/profile/user-profile",
  "/profile/change-password",
  "/profile/information",
  "/profile/notifications",
  "/profile/language",
  "/system-settings/company-settings",
  "/system-settings/users",
  "/system-settings/groups",
  "/system-settings/roles",
  "/system-settings/custom-fields",
  "/system-settings/custom-entities",
  "/system-settings/crm-relationships",
  "/system-settings/field-management-settings",
  "/system-settings/dashboard-widget",
  "/system-settings/expanded-entity-overview-widgets",
  "/system-settings/inquiries",
  "/system-settings/todo",
  "/system-settings/statuses",
  "/system-settings/priorities",
  "/system-settings/categories",
  "/system-settings/sources",
  "/system-settings/shortcut",
  "/error-404",
];

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/**
 * The page's violations as it is shown. axe runs as a script in the page, which a page without JavaScript does not
 * run: there, the document the server sent for the page (scripts left out, `<noscript>` content shown, as a browser
 * without JavaScript shows it) is judged in a page of its own that may run axe.
 */
async function violations(page: Page, hydrated: boolean, sent: Response | null) {
  if (hydrated) return axeViolations(page);
  const html = (sent ? await sent.text() : await textOf(page, page.url()))
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "")
    .replace(/<(\/?)noscript\b/gi, "<$1div");
  const context = await page.context().browser()?.newContext({ javaScriptEnabled: true });
  if (!context) throw new Error("no browser to judge the page in");
  try {
    const judged = await context.newPage();
    await judged.route(page.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await judged.goto(page.url());
    await judged.waitForLoadState("load");
    return await axeViolations(judged);
  } finally {
    await context.close();
  }
}

/**
 * A document as the server sends it, asked for once more: a keep-alive connection the server has just closed may
 * reset the first ask, as it may any client's.
 */
async function textOf(page: Page, url: string): Promise<string> {
  try {
    return await (await page.request.get(url)).text();
  } catch (error) {
    if (!String(error).includes("ECONNRESET")) throw error;
    return await (await page.request.get(url)).text();
  }
}

async function settled(page: Page, hydrated: boolean) {
  await page.waitForLoadState("load");
  if (hydrated) await page.locator("html[data-hydrated]").waitFor();
}

/** The links of the page at `path`, as the server sends it (read without scripts, which a page without JS has not). */
async function linksOf(page: Page, path: string): Promise<string[]> {
  const html = await textOf(page, path);
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));
}

test.describe("accessibility of every screen", () => {
  test.describe.configure({ mode: "parallel", timeout: 180_000 });

  test("the sign-in page has no serious violation", async ({ page }, testInfo) => {
    const sent = await page.goto("/");
    await expect(page.locator("#email")).toBeVisible();
    await settled(page, false);
    expect(await violations(page, jsEnabled(testInfo), sent)).toEqual([]);
  });

  const groups = Array.from({ length: Math.ceil(screens.length / 6) }, (_, index) =>
    screens.slice(index * 6, index * 6 + 6),
  );
  for (const group of groups) {
    test(`${group.join(", ")} have no serious violation`, async ({ page }, testInfo) => {
      await signIn(page);
      const hydrated = jsEnabled(testInfo);
      const found: Record<string, unknown> = {};
      for (const path of group) {
        const sent = await page.goto(path);
        await settled(page, hydrated);
        const problems = await violations(page, hydrated, sent);
        if (problems.length > 0) found[path] = problems;
      }
      expect(found).toEqual({});
    });
  }

  test("record pages, a dashboard and a side panel have no serious violation", async ({ page }, testInfo) => {
    await signIn(page);
    const hydrated = jsEnabled(testInfo);
    const dashboards = (await linksOf(page, "/")).filter((href) => href.startsWith("/dashboard/"));
    const records: string[] = [];
    for (const list of lists) {
      const record = (await linksOf(page, list)).find((href) => href.startsWith(`${list}/`));
      if (record) records.push(record.replace(/\?.*$/, ""));
    }
    expect(records.length).toBeGreaterThanOrEqual(5);
    const found: Record<string, unknown> = {};
    for (const path of [...records, ...dashboards.slice(0, 1), "/companies?panel=add"]) {
      const sent = await page.goto(path);
      await settled(page, hydrated);
      const problems = await violations(page, hydrated, sent);
      if (problems.length > 0) found[path] = problems;
    }
    expect(found).toEqual({});
  });
});
