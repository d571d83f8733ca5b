import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { consoleLine, openLog, routeOutput } from "./service-output.ts";

const line = (entry: object) => JSON.stringify({ time: 1, pid: 2, hostname: "vm", ...entry });

describe("what npm start shows of a service's output", () => {
  it("keeps routine lines for the log: info, request lines, start-up notes", () => {
    expect(consoleLine("Provider API", line({ level: 30, migrations: ["0001"], msg: "database migrated" }))).toBeNull();
    expect(
      consoleLine("Provider API", line({ level: 30, msg: "Server listening at http://127.0.0.1:4000" })),
    ).toBeNull();
    expect(consoleLine("Web app", "GET /healthz 200 - - 95.974 ms")).toBeNull();
    expect(consoleLine("Web app", "Web app listening on http://localhost:3000")).toBeNull();
    expect(consoleLine("Web app", "{not json")).toBeNull();
  });

  it("shows warnings with what they carry, and errors with their stack", () => {
    const invitation = line({
      level: 40,
      email: "kari@example.com",
      link: "http://localhost:3000/register?token=t",
      msg: "no mail transport (SMTP_URL is not set): the invitation is in the outbox",
    });
    expect(consoleLine("Provider API", invitation)).toBe(
      "Provider API warning: no mail transport (SMTP_URL is not set): the invitation is in the outbox (email: kari@example.com, link: http://localhost:3000/register?token=t)",
    );
    const failure = line({
      level: 50,
      reqId: "r1",
      err: { message: "boom", stack: "Error: boom\n    at x" },
      msg: "x",
    });
    expect(consoleLine("Provider API", failure)).toBe("Provider API error: x\n  Error: boom\n    at x");
  });

  it("writes everything to the log file and only what matters to the console", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "service-output-"));
    try {
      const log = openLog(dir, "api");
      const stdout = new PassThrough();
      const shown: string[] = [];
      routeOutput("Provider API", stdout, log.fd, (text) => shown.push(text));
      const info = line({ level: 30, msg: "workspace created" });
      const warn = line({ level: 40, msg: "look" });
      // A line may arrive in two chunks.
      stdout.write(`${info}\n${warn.slice(0, 10)}`);
      stdout.write(`${warn.slice(10)}\nGET / 200\n`);
      await new Promise((resolve) => setImmediate(resolve));
      fs.closeSync(log.fd);
      expect(shown).toEqual(["Provider API warning: look"]);
      expect(fs.readFileSync(path.join(dir, "logs", "api.log"), "utf8")).toBe(`${info}\n${warn}\nGET / 200\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
