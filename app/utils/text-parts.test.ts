import { afterEach, describe, expect, it, vi } from "vitest";
import { earlyTextsScript, fetchTexts, textsPath } from "./text-parts.ts";

describe("the page's texts asked for by its head", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are fetched by the head's script, and given to the backend once", async () => {
    const fetched: string[] = [];
    const fetch = vi.fn(async (path: string) => {
      fetched.push(path);
      return new Response(JSON.stringify({ path }));
    });
    const window: Record<string, unknown> = {};
    vi.stubGlobal("window", window);
    vi.stubGlobal("fetch", fetch);
    const paths = [textsPath("nb", "translation", "abc123"), textsPath("nb", "settings", "abc123")];
    new Function("window", "fetch", earlyTextsScript(paths))(window, fetch);
    expect(fetched).toEqual(["/locales/nb/translation?v=abc123", "/locales/nb/settings?v=abc123"]);

    expect(await (await fetchTexts(paths[1])).json()).toEqual({ path: paths[1] });
    expect(fetch).toHaveBeenCalledTimes(2);
    // Taken once: a second ask for it (another language's switch back) is a request of its own.
    await fetchTexts(paths[1]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("cannot end the script element it stands in", () => {
    expect(earlyTextsScript(["/locales/en/</script><script>alert(1)"])).not.toContain("</script>");
  });
});
