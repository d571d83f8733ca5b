import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { textResources } from "../locales/all.ts";
import { textsVersion } from "../locales/texts.server.ts";
import { textsPath } from "../utils/text-parts.ts";
import { loader } from "./locales.ts";

async function ask(lng: string, ns: string, { version, encoding }: { version?: string; encoding?: string } = {}) {
  const request = new Request(`http://localhost${textsPath(lng, ns, version)}`, {
    headers: encoding ? { "Accept-Encoding": encoding } : {},
  });
  try {
    return loader({ params: { lng, ns }, request } as Parameters<typeof loader>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a namespace of texts, as the browser's i18next backend fetches it", () => {
  it("is the namespace's texts in the language asked for", async () => {
    const response = await ask("nb", "settings");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const texts = await response.json();
    expect(texts).toEqual(JSON.parse(JSON.stringify(textResources.nb.settings)));
    expect(texts.settings.overviewBlocks.title).toBe("Oppføringsoversikt");
  });

  it("is kept for good when asked for with the texts' version, and asked for again otherwise", async () => {
    expect((await ask("en", "translation", { version: textsVersion })).headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await ask("en", "translation", { version: "older" })).headers.get("Cache-Control")).toBe("no-cache");
    expect((await ask("en", "translation")).headers.get("Cache-Control")).toBe("no-cache");
  });

  it("comes compressed as the browser takes it", async () => {
    const response = await ask("en", "profile", { encoding: "gzip" });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    const body = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(textResources.en.profile)));
  });

  it("answers 404 for a language or namespace there is none of", async () => {
    expect((await ask("de", "translation")).status).toBe(404);
    expect((await ask("en", "nothing")).status).toBe(404);
    expect((await ask("en", "__proto__")).status).toBe(404);
  });
});
