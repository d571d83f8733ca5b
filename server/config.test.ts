import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("starts with nothing set", () => {
    const config = loadConfig({});
    expect(config.API_PORT).toBe(4000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve("./data"));
    expect(config.SEED_DEMO).toBe(false);
  });

  it("names the variable that holds a bad value", () => {
    expect(() => loadConfig({ API_PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ API_PORT: "eighty" })).toThrow(/API_PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://db" })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() => loadConfig({ DEMO_LANGUAGE: "de" })).toThrow(/DEMO_LANGUAGE: must be "en" or "nb"/);
    expect(loadConfig({ DEMO_LANGUAGE: "nb" }).DEMO_LANGUAGE).toBe("nb");
  });

  it("runs jobs in the API process unless a worker process shares a PostgreSQL server", () => {
    expect(loadConfig({}).JOB_WORKERS).toBe(true);
    expect(() => loadConfig({ JOB_WORKERS: "false" })).toThrow(/JOB_WORKERS: false needs DATABASE_URL/);
    expect(loadConfig({ JOB_WORKERS: "false", DATABASE_URL: "postgres://db/workspace" }).JOB_WORKERS).toBe(false);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
