/**
 * `npm run bench:upload [-- 256 512 1024]`: how much more memory the API's upload path takes while files of these sizes
 * (MB) stream in, one after another, each measured from the process's memory before it. The upload path runs in a
 * process of its own with the services' memory settings (tests/support/upload-server.ts), as the memory test does.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serviceEnv } from "../../server/cli/processes.ts";

const sizes = process.argv.slice(2).map(Number);
const megabytesList =
  sizes.length > 0 && sizes.every((size) => Number.isInteger(size) && size > 0) ? sizes : [256, 512, 1024];
const projectRoot = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-upload-bench-"));
const largest = Math.max(...megabytesList);
const server = spawn(process.execPath, ["tests/support/upload-server.ts", dataDir, String(largest + 1)], {
  cwd: projectRoot,
  env: serviceEnv(process.env, "api"),
  stdio: ["ignore", "pipe", "inherit"],
});

/** The server's resident memory in MiB, as the kernel counts it. */
function rss(): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

const chunk = Buffer.alloc(1024 * 1024, "Workspace;Nordlys AS;Tromsø\n");
const boundary = "----workspace-upload-bench";

function upload(serverUrl: string, chunks: number) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stor.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
      );
    },
    pull(controller) {
      if (sent === chunks) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(chunk);
    },
  });
  return fetch(`${serverUrl}/upload`, {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
}

try {
  const [line] = (await once(server.stdout, "data")) as [Buffer];
  const serverUrl = line.toString().trim();
  // A small upload first, so the baseline includes what any upload loads.
  await (await upload(serverUrl, 1)).json();
  console.log("size MB | before MiB | peak MiB | peak − before MiB | seconds");
  for (const megabytes of megabytesList) {
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 20);
    const started = performance.now();
    const response = await upload(serverUrl, megabytes);
    const answer = (await response.json()) as { key?: string };
    clearInterval(sampler);
    if (!response.ok || !answer.key) throw new Error(`the upload of ${megabytes} MB answered ${response.status}`);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      [megabytes, before.toFixed(1), peak.toFixed(1), (peak - before).toFixed(1), seconds.toFixed(1)].join(" | "),
    );
  }
} finally {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
