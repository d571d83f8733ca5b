import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runToExit } from "../support/servers.ts";

const run = (script: string, env: NodeJS.ProcessEnv) =>
  runToExit(script, { DATABASE_URL: "", LOG_LEVEL: "warn", ...env });

describe("start-up failures are one line naming what to change", () => {
  let dataDir: string;
  let busy: net.Server;
  let busyPort: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-startup-"));
    busyPort = await freePort();
    busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(busyPort, "0.0.0.0", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => busy.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("names API_PORT when the provider API's port is in use", async () => {
    const { code, output } = await run("server/main.ts", { DATA_DIR: dataDir, API_PORT: String(busyPort) });
    expect(code).toBe(1);
    expect(output).toBe(
      `The provider API could not start: API_PORT: port ${busyPort} on 0.0.0.0 is already in use; stop what uses it or set API_PORT to another port.`,
    );
  });

  it("names API_HOST when it is not an address of this machine", async () => {
    const { code, output } = await run("server/main.ts", {
      DATA_DIR: dataDir,
      API_PORT: String(await freePort()),
      API_HOST: "no-such-host.invalid",
    });
    expect(code).toBe(1);
    expect(output).toMatch(
      /^The provider API could not start: API_HOST: the host name "no-such-host\.invalid" is not known/,
    );
    expect(output.split("\n")).toHaveLength(1);
  });

  it("names PORT, not a URL built from it, when npm start is given a bad port", async () => {
    const { code, output } = await run("server/cli/start.ts", { DATA_DIR: dataDir, PORT: "abc" });
    expect(code).toBe(1);
    expect(output).toBe('Workspace could not start: PORT: must be a port number from 0 to 65535, not "abc"');
  });
});
