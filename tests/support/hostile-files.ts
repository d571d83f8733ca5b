import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { FileStorage } from "../../server/files/storage.ts";
import { type PackedEntry, zipArchive } from "./upload-files.ts";

/** A zip entry: its content as chunks (never whole in memory), and the uncompressed size its headers claim. */
export interface HostileEntry {
  name: string;
  chunks: () => Iterable<string | Buffer>;
  /** What the local header and the central directory say it unpacks to; its real size when left out. */
  claimedSize?: number;
}

async function deflated(entry: HostileEntry): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => {
    deflate.on("end", resolve);
    deflate.on("error", reject);
  });
  let size = 0;
  let crc = 0;
  for (const piece of entry.chunks()) {
    const chunk = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
    size += chunk.length;
    crc = zlib.crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

/**
 * A zip of deflated entries whose headers may lie about what each unpacks to: the real content is deflated a chunk at
 * a time, so a file that unpacks to hundreds of megabytes is built, and kept, as a few hundred kilobytes.
 */
export async function hostileZip(entries: HostileEntry[]): Promise<Buffer> {
  const packed: PackedEntry[] = [];
  for (const entry of entries) {
    const { data, size, crc } = await deflated(entry);
    packed.push({ name: entry.name, data, crc, size: entry.claimedSize ?? size, deflated: true });
  }
  return zipArchive(packed);
}

/** `count` copies of `text`, a few thousand at a time. */
export function* repeated(text: string, count: number): Generator<string> {
  const batch = 4096;
  const block = text.repeat(batch);
  for (let left = count; left > 0; left -= batch) yield left >= batch ? block : text.repeat(left);
}

const SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";

/**
 * A workbook of one sheet (a header "Company name" and one company) whose shared strings really unpack to about
 * `sharedStringsBytes`, while its zip's headers say they are one kilobyte: the first string is the header, the rest
 * one name over and over.
 */
export function workbookWithSharedStrings(sharedStringsBytes: number): Promise<Buffer> {
  const item = "<si><t>Nordlys AS</t></si>";
  const copies = Math.ceil(sharedStringsBytes / item.length);
  const text = (content: string) => () => [content];
  return hostileZip([
    {
      name: "[Content_Types].xml",
      chunks: text(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
      ),
    },
    {
      name: "_rels/.rels",
      chunks: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      chunks: text(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      chunks: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/sharedStrings.xml",
      claimedSize: 1024,
      chunks: function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SHEET_NS}"><si><t>Company name</t></si>`;
        yield* repeated(item, copies);
        yield "</sst>";
      },
    },
    {
      name: "xl/worksheets/sheet1.xml",
      chunks: text(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>`,
      ),
    },
  ]);
}

/**
 * A storage holding one file made on the fly by `content` (its bytes from `start` to `end`, both inclusive), so that
 * a file of hundreds of megabytes is read as a stream and never held.
 */
export function generatedStorage(size: number, content: (start: number, end: number) => Iterable<Buffer>): FileStorage {
  return {
    put: () => Promise.reject(new Error("read-only")),
    size: async () => size,
    read: (_key, range) => Readable.from(content(range?.start ?? 0, range?.end ?? size - 1)),
    remove: async () => {},
    sweep: async () => ({ removedFiles: 0, removedUploads: 0 }),
  };
}

/** A storage holding `file`, read in chunks as from disk. */
export function bufferStorage(file: Buffer): FileStorage {
  return generatedStorage(file.length, function* (start, end) {
    for (let at = start; at <= end; at += 64 * 1024) yield file.subarray(at, Math.min(end + 1, at + 64 * 1024));
  });
}

/**
 * A CSV file of `prefix`, then one quoted cell of `fieldBytes` times "x", then `suffix`: made as it is read, never held.
 */
export function csvWithHugeCell(prefix: string, fieldBytes: number, suffix: string): FileStorage {
  const head = Buffer.from(`${prefix}"`, "utf8");
  const tail = Buffer.from(`"${suffix}`, "utf8");
  const filler = Buffer.alloc(64 * 1024, "x");
  const size = head.length + fieldBytes + tail.length;
  return generatedStorage(size, function* (start, end) {
    for (let at = start; at <= end; ) {
      let chunk: Buffer;
      if (at < head.length) chunk = head.subarray(at);
      else if (at < head.length + fieldBytes) {
        chunk = filler.subarray(0, Math.min(filler.length, head.length + fieldBytes - at));
      } else chunk = tail.subarray(at - head.length - fieldBytes);
      chunk = chunk.subarray(0, end + 1 - at);
      yield chunk;
      at += chunk.length;
    }
  });
}
