import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Where Chromium may be: CHROMIUM_PATH, Debian's headless shell (what Playwright itself runs headless: the browser
 * without its windowing, a third less CPU per test here), Debian's full browser, then a browser Playwright installed.
 */
function candidates(): string[] {
  let playwrights: string | undefined;
  try {
    playwrights = chromium.executablePath();
  } catch {
    // Playwright knows no browser of its own for this platform.
  }
  return [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    playwrights,
  ].filter((path): path is string => Boolean(path));
}

/** The Chromium the browser tests run, or undefined when this machine has none. */
export function findBrowser(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return candidates().find((path) => fs.existsSync(path));
}

export const NO_BROWSER =
  "No Chromium for the browser tests: install Debian's (apt-get install chromium-headless-shell) or set CHROMIUM_PATH to one.";

/** Installs Debian's Chromium headless shell where that can be done without asking: as root, with apt. */
export function installDebianChromium(): boolean {
  if (process.getuid?.() !== 0 || !fs.existsSync("/usr/bin/apt-get")) return false;
  try {
    console.log("Installing Debian's Chromium headless shell for the browser tests...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], { stdio: "inherit", env });
    return fs.existsSync("/usr/bin/chromium-headless-shell");
  } catch {
    return false;
  }
}
