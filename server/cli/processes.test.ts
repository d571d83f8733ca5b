import { describe, expect, it } from "vitest";
import { serviceEnv } from "./processes.ts";

describe("the services' memory settings", () => {
  it("give the API a small old generation on PostgreSQL, 1 GiB on the embedded database, and the web app 1 GiB", () => {
    const onPostgres = serviceEnv({ DATABASE_URL: "postgres://db/workspace" }, "api");
    expect(onPostgres.NODE_OPTIONS).toBe("--max-semi-space-size=8 --max-old-space-size=128");
    expect(onPostgres.MALLOC_ARENA_MAX).toBe("2");
    expect(serviceEnv({ DATABASE_URL: "" }, "api").NODE_OPTIONS).toContain("--max-old-space-size=1024");
    expect(serviceEnv({ DATABASE_URL: "postgres://db/workspace" }, "web").NODE_OPTIONS).toContain(
      "--max-old-space-size=1024",
    );
  });

  it("let the environment's own options and arena count win", () => {
    const env = serviceEnv({ NODE_OPTIONS: "--max-old-space-size=512", MALLOC_ARENA_MAX: "4" }, "api");
    expect(env.NODE_OPTIONS).toBe("--max-semi-space-size=8 --max-old-space-size=1024 --max-old-space-size=512");
    expect(env.MALLOC_ARENA_MAX).toBe("4");
  });
});
