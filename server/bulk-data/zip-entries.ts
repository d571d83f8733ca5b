import fs from "node:fs/promises";

/** The end of central directory record: its signature, and how far from the file's end it may start. */
const END_SIGNATURE = 0x06054b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_SIZE = 46;

/**
 * The uncompressed size of each entry of a zip file, read from its central directory (at the file's end) without
 * unpacking anything. Undefined when the file is no zip this can read (ZIP64 archives of more than 4 GiB included).
 */
export async function zipEntrySizes(filePath: string): Promise<Map<string, number> | undefined> {
  const handle = await fs.open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, END_SIZE + MAX_COMMENT);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let at = tailLength - END_SIZE; at >= 0; at--) {
      if (tail.readUInt32LE(at) === END_SIGNATURE) {
        end = at;
        break;
      }
    }
    if (end < 0) return undefined;
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset === 0xffffffff || directoryOffset + directorySize > size) return undefined;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const sizes = new Map<string, number>();
    for (let at = 0; at + ENTRY_SIZE <= directory.length; ) {
      if (directory.readUInt32LE(at) !== ENTRY_SIGNATURE) return undefined;
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      sizes.set(directory.toString("utf8", at + ENTRY_SIZE, at + ENTRY_SIZE + nameLength), uncompressed);
      at += ENTRY_SIZE + nameLength + extraLength + commentLength;
    }
    return sizes;
  } finally {
    await handle.close();
  }
}
