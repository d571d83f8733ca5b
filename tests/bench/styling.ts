/**
 * npm run bench:styling: the styling decision's figures (decision 044), in one run. It builds the app twice: as it
 * is, with the shell and lists drawn with the static classes (decision 010), and with Chakra's own components in their
 * place, styled by Chakra and Emotion on each render and the styles extracted into the page
 * (tests/bench/styling/vite.config.ts). Then it measures both builds with the same tools and the same workspace:
 * - bench:first-load: the JavaScript `/companies` fetches until interactive and until the network is idle (gzip);
 * - bench:render: the web app's CPU time per `/companies`, the two builds taking turns within one run;
 * - bench:slow-link: `/companies` at 400 kbps and 400 ms round trip: JavaScript over the wire, time to interactive.
 *
 * Each tool starts the services on a fresh demo workspace. Leaves build/ as the project's own build.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../support/servers.ts";

const { values: options } = parseArgs({
  options: {
    requests: { type: "string", default: "300" },
    runs: { type: "string", default: "5" },
  },
});

const variantDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-styling-"));
// bench:render's workspace: the demo data, in a directory of its own.
const env = { ...process.env, DATA_DIR: path.join(variantDir, "data") };
const run = (args: string[]) => {
  try {
    execFileSync(process.execPath, args, { cwd: projectRoot, stdio: "inherit", env });
  } catch (error) {
    // The benchmarks exit with 1 when a figure is over its budget: the figures are still the run's.
    if ((error as { status?: number }).status !== 1 || !args[0].startsWith("tests/bench/")) throw error;
  }
};
const reactRouter = path.join(projectRoot, "node_modules/@react-router/dev/bin.cjs");
try {
  console.log("Building the app with Chakra's own components …");
  run([reactRouter, "build", projectRoot, "--config", path.join(projectRoot, "tests/bench/styling/vite.config.ts")]);
  run(["server/cli/build-web-server.ts"]);
  fs.cpSync(path.join(projectRoot, "build"), path.join(variantDir, "build"), { recursive: true });
  fs.symlinkSync(path.join(projectRoot, "public"), path.join(variantDir, "public"));
  fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(variantDir, "node_modules"));
  console.log("Building the app as it is …");
  run([reactRouter, "build"]);
  run(["server/cli/build-web-server.ts"]);

  const builds = {
    "static classes": "build/server/index.js",
    "Chakra components": path.join(variantDir, "build/server/index.js"),
  };
  for (const [name, build] of Object.entries(builds)) {
    console.log(`\n== First load, ${name}`);
    run(["tests/bench/first-load.ts", "--build", build]);
  }
  console.log(`\n== Web app CPU per /companies: 1 = static classes, 2 = Chakra components`);
  run(["tests/bench/render-profile.ts", "--requests", options.requests, "--builds", Object.values(builds).join(",")]);
  for (const [name, build] of Object.entries(builds)) {
    console.log(`\n== /companies at 400 kbps, ${name}`);
    run(["tests/bench/slow-link.ts", "--pages", "companies", "--runs", options.runs, "--build", build]);
  }
} finally {
  fs.rmSync(variantDir, { recursive: true, force: true });
}
