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
        // A page answered with its own error status (the 404 page, a refused sign-in form)
        // is reported as a failed load of the document itself; that is intended.
        const failedLoad = message.text().startsWith("Failed to load resource");
        const documentStatus = failedLoad && message.location().url === page.url();
        // A form's validation errors (and an upload's, sent for its progress) come back as 400, which the browser also
        // reports.
        const validationAnswer =
          failedLoad &&
          message.text().includes("status of 400") &&
          /(\.data|\/resources\/upload)(\?|$)/.test(message.location().url);
        // The workspace's logo is one for every page: a page drawn just before a test removes it asks for it in vain.
        const removedLogo = failedLoad && /\/resources\/company-logo\?/.test(message.location().url);
        if (!documentStatus && !validationAnswer && !removedLogo) problems.push(message.text());
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
