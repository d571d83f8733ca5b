import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname, "..");

/** The source files of screens: features and routes, which compose the UI kit and Chakra's components. */
function screenSources(): { file: string; source: string }[] {
  return ["features", "routes"].flatMap((dir) =>
    fs
      .readdirSync(path.join(appDir, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
      .map((file) => ({ file: `${dir}/${file}`, source: fs.readFileSync(path.join(appDir, dir, file), "utf8") })),
  );
}

describe("screens", () => {
  it("write no Chakra internals and no classes of their own: they compose the UI kit", () => {
    const offenders = screenSources().flatMap(({ file, source }) =>
      [/(?<!@)chakra-(?!ui\/)[a-z]/, /data-scope/, /data-part/, /className=/]
        .filter((pattern) => pattern.test(source))
        .map((pattern) => `${file}: ${pattern}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe("file inputs", () => {
  it("are the kit's FileInput, which takes only the allowed types and sizes before a byte is sent", () => {
    const offenders = screenSources()
      .filter(({ source }) => /<(input|Input)\b[^>]*type=["{]+file/s.test(source) || /accept=/.test(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
