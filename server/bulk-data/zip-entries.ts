import fs from "node:fs/promises";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";

/** The end of central directory record: its signature, and how far from the file's end it may start. */
const END_SIGNATURE = 0x06054b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_SIZE = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_SIZE = 30;
/** A workbook's directory lists a few dozen parts; one far larger than this is no workbook an import reads. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

/** Where a zip's bytes are read from: a file being uploaded, or one in storage. */
export interface ZipSource {
  size: number;
  read(start: number, length: number): Promise<Buffer>;
}

/** One entry as the central directory lists it: `claimedSize` is what it says it unpacks to, which may be a lie. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  claimedSize: number;
  localOffset: number;
}

/** A zip this cannot read: no central directory, ZIP64, encrypted, or a method other than stored and deflate. */
export class BrokenZipError extends Error {
  name = "BrokenZipError";
}

/** What an entry or the whole archive unpacks to has passed its limit (`reason` says which). */
export class UnpackLimitError extends Error {
  name = "UnpackLimitError";
  readonly reason: "part" | "total";
  readonly entry: string;
  constructor(reason: "part" | "total", entry: string) {
    super(`${entry} unpacks to more than its ${reason} limit`);
    this.reason = reason;
    this.entry = entry;
  }
}

export function fileSource(handle: fs.FileHandle, size: number): ZipSource {
  return {
    size,
    async read(start, length) {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    },
  };
}

/** The entries of a zip, from its central directory (at the file's end), without unpacking anything. */
export async function zipDirectory(source: ZipSource): Promise<ZipEntry[]> {
  const tailLength = Math.min(source.size, END_SIZE + MAX_COMMENT);
  const tail = await source.read(source.size - tailLength, tailLength);
  let end = -1;
  for (let at = tail.length - END_SIZE; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new BrokenZipError("no central directory");
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset === 0xffffffff || directoryOffset + directorySize > source.size) {
    throw new BrokenZipError("a ZIP64 archive, or a directory outside the file");
  }
  if (directorySize > MAX_DIRECTORY_BYTES) throw new BrokenZipError("a directory too large for a workbook");
  const directory = await source.read(directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  for (let at = 0; at + ENTRY_SIZE <= directory.length; ) {
    if (directory.readUInt32LE(at) !== ENTRY_SIGNATURE) throw new BrokenZipError("a broken directory entry");
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    entries.push({
      name: directory.toString("utf8", at + ENTRY_SIZE, at + ENTRY_SIZE + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      claimedSize: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
    });
    at += ENTRY_SIZE + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The uncompressed size each entry of a zip file claims in its central directory, read without unpacking anything:
 * a quick refusal of a workbook that says it is too large. What it really unpacks to is counted as it is read
 * (`unpackedEntry`). Undefined when the file is no zip this can read (ZIP64 archives of more than 4 GiB included).
 */
export async function zipEntrySizes(filePath: string): Promise<Map<string, number> | undefined> {
  const handle = await fs.open(filePath, "r");
  try {
    const entries = await zipDirectory(fileSource(handle, (await handle.stat()).size));
    return new Map(entries.map((entry) => [entry.name, entry.claimedSize]));
  } catch (error) {
    if (error instanceof BrokenZipError) return undefined;
    throw error;
  } finally {
    await handle.close();
  }
}

/** What a zip's entries may unpack to: each at most `partBytes`, all those read together at most `totalBytes`. */
export class UnpackBudget {
  private used = 0;
  readonly totalBytes: number;
  constructor(totalBytes: number) {
    this.totalBytes = totalBytes;
  }

  /** Counts `bytes` more of `entry`, whose own count is now `entryBytes`; throws past either limit. */
  spend(entry: string, entryBytes: number, partBytes: number, bytes: number): void {
    this.used += bytes;
    if (entryBytes > partBytes) throw new UnpackLimitError("part", entry);
    if (this.used > this.totalBytes) throw new UnpackLimitError("total", entry);
  }
}

/**
 * Counts the bytes the inflater really gives, whatever the zip's headers claim, and fails the stream with
 * UnpackLimitError at the first chunk past the entry's or the archive's limit: nothing past it is passed on, and the
 * inflater, no longer read, stops.
 */
class Counted extends Transform {
  private bytes = 0;
  private readonly entry: string;
  private readonly partBytes: number;
  private readonly budget: UnpackBudget;
  constructor(entry: string, partBytes: number, budget: UnpackBudget) {
    super();
    this.entry = entry;
    this.partBytes = partBytes;
    this.budget = budget;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    try {
      this.budget.spend(this.entry, this.bytes, this.partBytes, chunk.length);
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback(null, chunk);
  }
}

/**
 * An entry's unpacked bytes as a stream, read from `read` (a range of the file) at the place its local header gives,
 * for as many compressed bytes as the directory says, and counted against `partBytes` and `budget`.
 */
export async function unpackedEntry(
  source: ZipSource,
  read: (start: number, end: number) => Readable,
  entry: ZipEntry,
  partBytes: number,
  budget: UnpackBudget,
): Promise<Readable> {
  if (entry.flags & 0x1) throw new BrokenZipError(`${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) throw new BrokenZipError(`${entry.name} uses method ${entry.method}`);
  if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) {
    throw new BrokenZipError(`${entry.name} is a ZIP64 entry`);
  }
  const local = await source.read(entry.localOffset, LOCAL_SIZE);
  if (local.length < LOCAL_SIZE || local.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw new BrokenZipError(`${entry.name} has no local header`);
  }
  const start = entry.localOffset + LOCAL_SIZE + local.readUInt16LE(26) + local.readUInt16LE(28);
  const counted = new Counted(entry.name, partBytes, budget);
  // An entry of no bytes unpacks to nothing, whatever its method.
  if (entry.compressedSize === 0) return counted.end();
  const compressed = read(start, Math.min(start + entry.compressedSize, source.size) - 1);
  const stages: Readable[] = [compressed, ...(entry.method === 8 ? [zlib.createInflateRaw()] : []), counted];
  // A failure anywhere ends the last stage, which the reader holds; once it closes, every stage is let go.
  for (let index = 1; index < stages.length; index++) {
    const previous = stages[index - 1];
    const stage = stages[index] as Transform;
    previous.on("error", (error) => counted.destroy(error));
    previous.pipe(stage);
  }
  counted.on("close", () => {
    for (const stage of stages) stage.destroy();
  });
  return counted;
}
