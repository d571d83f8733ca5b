import { test as base, expect } from "@playwright/test";

/**
 * Every page records console errors, warnings (React reports hydration mismatches there)
 * and uncaught exceptions; a test fails if any appeared.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error" && message.type() !== "warning") return;
        // The browser reports a document answered with 404 (as /error-404 is) as a failed load.
        const expected404 = message.text().includes("status of 404") && message.location().url.endsWith("/error-404");
        if (!expected404) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await use(problems);
      expect(problems, "console errors, warnings or hydration problems").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** True in the project that runs with JavaScript. */
export function jsEnabled(testInfo: { project: { use: { javaScriptEnabled?: boolean } } }): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}
