import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileTooLargeError, LocalFileStorage } from "./storage.ts";

let root: string;
let storage: LocalFileStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-files-"));
  storage = new LocalFileStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function chunks(...parts: string[]) {
  return Readable.from(parts.map((part) => Buffer.from(part)));
}

async function text(stream: Readable) {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString();
}

const SHA256_OF_HELLO_WORLD = "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";

describe("local file storage", () => {
  it("names a file by the SHA-256 of its bytes and reads it back, whole or a range", async () => {
    const stored = await storage.put(chunks("hello ", "world"), { maxBytes: 100 });
    expect(stored).toEqual({ key: SHA256_OF_HELLO_WORLD, size: 11 });
    expect(fs.existsSync(path.join(root, "b9", SHA256_OF_HELLO_WORLD))).toBe(true);
    expect(await storage.size(stored.key)).toBe(11);
    expect(await text(storage.read(stored.key))).toBe("hello world");
    expect(await text(storage.read(stored.key, { start: 6, end: 10 }))).toBe("world");
  });

  it("keeps the same bytes once", async () => {
    const first = await storage.put(chunks("same"), { maxBytes: 100 });
    const second = await storage.put(chunks("sa", "me"), { maxBytes: 100 });
    expect(second.key).toBe(first.key);
    expect(fs.readdirSync(path.join(root, first.key.slice(0, 2)))).toEqual([first.key]);
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
  });

  it("stops past the limit and keeps nothing, not even the unfinished upload", async () => {
    await expect(storage.put(chunks("12345", "67890", "x"), { maxBytes: 10 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
    expect(fs.readdirSync(root)).toEqual(["tmp"]);
    // Exactly at the limit is allowed.
    await expect(storage.put(chunks("1234567890"), { maxBytes: 10 })).resolves.toMatchObject({ size: 10 });
  });

  it("keeps nothing when the check refuses the file, and lets the check read it whole first", async () => {
    let seen = "";
    const refusal = new Error("refused");
    await expect(
      storage.put(chunks("not ", "wanted"), {
        maxBytes: 100,
        check: async (file) => {
          seen = fs.readFileSync(file, "utf8");
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(seen).toBe("not wanted");
    expect(fs.readdirSync(root)).toEqual(["tmp"]);
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
  });

  it("keeps nothing of a source that fails half way", async () => {
    async function* failing() {
      yield Buffer.from("half");
      throw new Error("connection reset");
    }
    await expect(storage.put(failing(), { maxBytes: 100 })).rejects.toThrow("connection reset");
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
  });

  it("answers no size for unknown or malformed keys, and refuses to read outside its folder", async () => {
    expect(await storage.size("0".repeat(64))).toBeUndefined();
    expect(await storage.size("../../etc/passwd")).toBeUndefined();
    expect(() => storage.read("../secrets")).toThrow(/not a file key/);
  });

  it("sweeps files no row names and uploads a crash left behind, once past the grace period", async () => {
    const named = await storage.put(chunks("named"), { maxBytes: 100 });
    const orphan = await storage.put(chunks("orphan"), { maxBytes: 100 });
    const fresh = await storage.put(chunks("fresh"), { maxBytes: 100 });
    const leftOver = path.join(root, "tmp", "crashed.part");
    fs.writeFileSync(leftOver, "half an upload");
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const key of [named.key, orphan.key]) {
      fs.utimesSync(path.join(root, key.slice(0, 2), key), hourAgo, hourAgo);
    }
    fs.utimesSync(leftOver, hourAgo, hourAgo);

    const asked: string[] = [];
    const result = await storage.sweep({
      graceMs: 600_000,
      referenced: async (keys) => {
        asked.push(...keys);
        return new Set(keys.filter((key) => key === named.key));
      },
    });
    expect(result).toEqual({ removedFiles: 1, removedUploads: 1 });
    expect(asked.sort()).toEqual([named.key, orphan.key].sort());
    expect(await storage.size(named.key)).toBe(5);
    expect(await storage.size(orphan.key)).toBeUndefined();
    expect(await storage.size(fresh.key)).toBe(5);
    expect(fs.existsSync(leftOver)).toBe(false);
  });

  it("leaves an old orphan that was just uploaded again to the new upload's grace period", async () => {
    const first = await storage.put(chunks("again"), { maxBytes: 100 });
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(root, first.key.slice(0, 2), first.key), hourAgo, hourAgo);
    await storage.put(chunks("again"), { maxBytes: 100 });
    const result = await storage.sweep({ graceMs: 600_000, referenced: async () => new Set() });
    expect(result.removedFiles).toBe(0);
    expect(await storage.size(first.key)).toBe(5);
  });
});
