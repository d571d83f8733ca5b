import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_IMPORT_MB_DEFAULT, MAX_UPLOAD_MB_DEFAULT } from "../../server/contract/files.ts";
import { readMegabytes } from "./env.server.ts";

describe("the web app's upload limits", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** webEnv() reads its environment once: a fresh module for each setting. */
  const freshEnv = async (env: Record<string, string | undefined>) => {
    vi.stubEnv("SESSION_SECRET", "s".repeat(40));
    vi.stubEnv("OAUTH_CLIENT_SECRET", "c".repeat(40));
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.resetModules();
    return (await import("./env.server.ts")).webEnv();
  };

  it("reads an import's limit (MAX_IMPORT_MB) apart from other uploads' (MAX_UPLOAD_MB), as the API does", async () => {
    expect(await freshEnv({ MAX_UPLOAD_MB: "", MAX_IMPORT_MB: "" })).toMatchObject({
      maxUploadMb: MAX_UPLOAD_MB_DEFAULT,
      maxImportMb: MAX_IMPORT_MB_DEFAULT,
    });
    expect(await freshEnv({ MAX_UPLOAD_MB: "5", MAX_IMPORT_MB: "2048" })).toMatchObject({
      maxUploadMb: 5,
      maxImportMb: 2048,
    });
  });

  it("refuses a limit that is no whole number of megabytes, naming the setting", () => {
    expect(() => readMegabytes("MAX_IMPORT_MB", "1.5", 1024)).toThrow("MAX_IMPORT_MB must be a whole number");
    expect(() => readMegabytes("MAX_IMPORT_MB", "0", 1024)).toThrow("MAX_IMPORT_MB");
    expect(readMegabytes("MAX_IMPORT_MB", undefined, 1024)).toBe(1024);
  });
});
