import { afterEach, describe, expect, it, vi } from "vitest";
import { TtlCache } from "./ttl-cache.ts";

describe("TtlCache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shares one load until it expires, then loads again", async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get("a", load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get("a", load)).toBe(2);
    cache.delete("a");
    expect(await cache.get("a", load)).toBe(3);
  });

  it("keeps no failed load, and no more than its size", async () => {
    const cache = new TtlCache<string>(60_000, 4);
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("x", async () => "up")).toBe("up");
    for (const key of ["b", "c", "d", "e", "f"]) await cache.get(key, async () => key);
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(4);
    expect(await cache.get("f", async () => "reloaded")).toBe("f");
  });
});
