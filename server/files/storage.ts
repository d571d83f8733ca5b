import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** A stored file is named by its content: the SHA-256 of its bytes, in hex. */
export interface StoredFile {
  key: string;
  size: number;
}

export interface PutOptions {
  /** Past this many bytes the upload stops with FileTooLargeError and nothing is kept. */
  maxBytes: number;
  /** Looks at the whole file, written but not yet stored, and throws to refuse it (its type, say). */
  check?: (filePath: string) => Promise<void>;
}

/**
 * Where files live (ARCHITECTURE.md §4). `put` resolves only once the file is durable, so the row that names it can be
 * committed after; a file no row names is an orphan that `sweep` removes once it is older than the grace period.
 */
export interface FileStorage {
  put(source: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredFile>;
  size(key: string): Promise<number | undefined>;
  /** The bytes, or `start` to `end` of them (both inclusive, as in an HTTP range). */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  sweep(options: SweepOptions): Promise<SweepResult>;
}

export interface SweepOptions {
  /** The keys among `keys` that some row names. */
  referenced: (keys: string[]) => Promise<Set<string>>;
  /** Files and unfinished uploads younger than this are left alone: their row may be about to commit. */
  graceMs: number;
}

export interface SweepResult {
  removedFiles: number;
  removedUploads: number;
}

export class FileTooLargeError extends Error {
  name = "FileTooLargeError";
}

const KEY = /^[0-9a-f]{64}$/;
const SWEEP_BATCH = 500;

/**
 * Files on local disk: `<root>/ab/abcd…` by SHA-256, uploads in progress under `<root>/tmp`. An upload is written to a
 * temporary file, flushed to disk, then renamed to its name, and the directory flushed, so a crash at any moment
 * leaves a whole file or a temporary one (which the sweep removes), never half a file under a name.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;
  private readonly uploads: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.uploads = path.join(this.root, "tmp");
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a file key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, { maxBytes, check }: PutOptions): Promise<StoredFile> {
    await fs.mkdir(this.uploads, { recursive: true });
    const temporary = path.join(this.uploads, `${randomUUID()}.part`);
    const file = await fs.open(temporary, "wx");
    const hash = createHash("sha256");
    let size = 0;
    let stored = false;
    try {
      try {
        for await (const chunk of source) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new FileTooLargeError(`more than ${maxBytes} bytes`);
          hash.update(chunk);
          await file.write(chunk);
        }
        await file.sync();
      } finally {
        await file.close();
      }
      if (check) await check(temporary);
      const key = hash.digest("hex");
      const target = this.pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      if (await exists(target)) {
        // The same bytes are stored already. Touched, so that a sweep leaves them for the new row's grace period.
        const now = new Date();
        await fs.utimes(target, now, now);
      } else {
        await fs.rename(temporary, target);
        stored = true;
        await syncDirectory(path.dirname(target));
      }
      return { key, size };
    } finally {
      if (!stored) await fs.rm(temporary, { force: true });
      // A source left unread (the limit, a refused type) is released rather than left hanging.
      if ("destroy" in source && typeof source.destroy === "function") source.destroy();
    }
  }

  async size(key: string): Promise<number | undefined> {
    if (!KEY.test(key)) return undefined;
    try {
      return (await fs.stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async sweep({ referenced, graceMs }: SweepOptions): Promise<SweepResult> {
    const before = Date.now() - graceMs;
    let removedUploads = 0;
    for (const name of await listDirectory(this.uploads)) {
      const file = path.join(this.uploads, name);
      if (await olderThan(file, before)) {
        await fs.rm(file, { force: true });
        removedUploads += 1;
      }
    }

    let removedFiles = 0;
    let batch: string[] = [];
    const flush = async () => {
      const named = await referenced(batch);
      for (const key of batch) {
        // Checked again: the file may have been uploaded again while the rows were read.
        if (!named.has(key) && (await olderThan(this.pathOf(key), before))) {
          await this.remove(key);
          removedFiles += 1;
        }
      }
      batch = [];
    };
    for (const prefix of await listDirectory(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      for (const key of await listDirectory(path.join(this.root, prefix))) {
        if (!KEY.test(key) || !key.startsWith(prefix)) continue;
        if (!(await olderThan(this.pathOf(key), before))) continue;
        batch.push(key);
        if (batch.length >= SWEEP_BATCH) await flush();
      }
    }
    if (batch.length > 0) await flush();
    return { removedFiles, removedUploads };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

async function listDirectory(directory: string): Promise<string[]> {
  try {
    return await fs.readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function olderThan(file: string, time: number): Promise<boolean> {
  try {
    return (await fs.stat(file)).mtimeMs < time;
  } catch {
    return false;
  }
}

/** A rename is durable only once its directory is flushed too. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await fs.open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
