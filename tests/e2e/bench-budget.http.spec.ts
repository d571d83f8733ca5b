import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../support/servers.ts";
import { expect, test } from "./fixtures.ts";

// `npm run bench` fails the day a list page grows slow: here a page is made slow on purpose (a proxy holds each page
// request 60 ms), over a small embedded workspace, and the run must exit with 1 and say which budget it broke.

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test("the benchmark exits with 1 when a page is over its budget, naming the list, the figure and the budget", async () => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-bench-budget-"));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const seeded = await run(["tests/bench/seed.ts", "--notes", "80"], env, 120_000);
    expect(seeded.code, seeded.output).toBe(0);

    const bench = await run(
      ["tests/bench/run.ts", "--duration", "1", "--connections", "1", "--lists", "notes", "--slow-pages", "60"],
      env,
      240_000,
    );
    expect(bench.output).toContain("Every page request waits 60 ms in a proxy first");
    expect(bench.output).toMatch(
      /notes, first page: the page over its API call \d+\.\d ms \(median\) is over its budget of 10\.0 ms by more than this run's noise/,
    );
    expect(bench.code, bench.output).toBe(1);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
