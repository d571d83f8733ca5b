import Fastify from "fastify";
import fp from "fastify-plugin";
import { afterEach, describe, expect, it, vi } from "vitest";
import scheduler, { type ScheduledJob } from "./scheduler.ts";

const database = fp(async () => undefined, { name: "database" });

async function appWith(jobs: ScheduledJob[], logs: unknown[] = []) {
  const app = Fastify({
    logger: { level: "error", stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
  });
  await app.register(database);
  await app.register(scheduler, { jobs });
  return app;
}

describe("the scheduler", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs each job when the API is ready, then every interval, until it closes", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => undefined);
    const app = await appWith([{ name: "job", everyMs: 1_000, run }]);
    expect(run).not.toHaveBeenCalled();
    await app.ready();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(4);
    await app.close();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it("does not start a run while the last one is under way, and closing waits for it", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    let calls = 0;
    const run = () => {
      calls += 1;
      // The first run (at ready) ends at once; the next one hangs until told.
      return calls === 1 ? Promise.resolve() : new Promise<void>((resolve) => (finish = resolve));
    };
    const app = await appWith([{ name: "slow", everyMs: 1_000, run }]);
    await app.ready();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(closed).toBe(true);
  });

  it("logs a failed run and tries again next time", async () => {
    vi.useFakeTimers();
    const logs: any[] = [];
    const run = vi.fn().mockRejectedValueOnce(new Error("database away")).mockResolvedValue(undefined);
    const app = await appWith([{ name: "flaky", everyMs: 1_000, run }], logs);
    await app.ready();
    expect(logs).toMatchObject([{ msg: "scheduled job failed", job: "flaky", err: { message: "database away" } }]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(logs).toHaveLength(1);
    await app.close();
  });
});
