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

  it("names DATA_DIR at once when it cannot be made, or a file stands in its way", async () => {
    const file = path.join(dataDir, "a-file");
    fs.writeFileSync(file, "");
    // A directory that takes no new entries: Node's recursive mkdir never returns there.
    const unmakeable = await runToExit(
      "server/main.ts",
      { DATA_DIR: "/proc/workspace-nope", LOG_LEVEL: "warn" },
      20_000,
    );
    expect(unmakeable).toEqual({
      code: 1,
      output:
        "The provider API could not start: DATA_DIR: /proc/workspace-nope cannot be created (ENOENT); set DATA_DIR to a directory this user may write to.",
    });
    const underFile = await run("server/main.ts", { DATA_DIR: path.join(file, "data") });
    expect(underFile).toEqual({
      code: 1,
      output: `The provider API could not start: DATA_DIR: ${file} is a file, not a directory, and ${path.join(file, "data")} would be inside it; set DATA_DIR to a directory this user may write to.`,
    });
    const started = await runToExit("server/cli/start.ts", { DATA_DIR: "/proc/workspace-nope" }, 20_000);
    expect(started.code).toBe(1);
    expect(started.output).toMatch(/^Workspace could not start: DATA_DIR: \/proc\/workspace-nope cannot be created/);
    expect(started.output.split("\n")).toHaveLength(1);
  });

  it("names API_HOST at once when it cannot be an address, before the database is opened", async () => {
    const untouched = path.join(dataDir, "untouched");
    const { code, output } = await run("server/main.ts", {
      DATA_DIR: untouched,
      API_PORT: String(await freePort()),
      API_HOST: "256.1.1.1",
    });
    expect(code).toBe(1);
    expect(output).toBe(
      'The provider API could not start: API_HOST: "256.1.1.1" is not an IPv4 address (four numbers from 0 to 255); use an address of this machine, such as 0.0.0.0, or its host name.',
    );
    expect(fs.existsSync(untouched)).toBe(false);
  });

  it("names PORT, not a URL built from it, when npm start is given a bad port", async () => {
    const { code, output } = await run("server/cli/start.ts", { DATA_DIR: dataDir, PORT: "abc" });
    expect(code).toBe(1);
    expect(output).toBe('Workspace could not start: PORT: must be a port number from 0 to 65535, not "abc"');
  });
});
