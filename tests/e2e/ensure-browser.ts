/**
 * Run before the browser tests (npm run test:e2e): finds Chromium, installs Debian's when it can, or stops at once
 * with one line saying what to install. No browser is ever downloaded.
 */
import { findBrowser, installDebianChromium, NO_BROWSER } from "./browser.ts";

const found = findBrowser() ?? (installDebianChromium() ? findBrowser() : undefined);
if (!found) {
  console.error(NO_BROWSER);
  process.exit(1);
}
console.log(`Browser tests run on ${found}`);
