import { defineConfig } from "@playwright/test";
import { findBrowser } from "./browser.ts";

export default defineConfig({
  testDir: ".",
  globalSetup: "./global-setup.ts",
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // The longest flows (create, edit, history, delete) take 20–30 s on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "../../test-results",
  use: {
    baseURL: process.env.E2E_APP_URL,
    // Recording a trace costs Chromium 40% more CPU per test: it is recorded only when asked for (E2E_TRACE=1), to
    // debug a failure locally.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: findBrowser(),
      // Without these, Chromium tries Google services that this network refuses.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: /\.http\.spec\.ts$/ },
    { name: "js-off", use: { javaScriptEnabled: false }, testIgnore: /\.http\.spec\.ts$/ },
    // What is asked over plain HTTP, without a browser (loads, headers, the server's start and log): once.
    { name: "http", testMatch: /\.http\.spec\.ts$/ },
  ],
});
