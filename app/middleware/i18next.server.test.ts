import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { languageCookie } from "../utils/preferences.server.ts";
import { userContext } from "./auth.server.ts";
import { getLanguage, getTranslator, languageMiddleware } from "./language.server.ts";

async function detect(headers: Record<string, string>, userLanguage?: string) {
  const context = new RouterContextProvider();
  if (userLanguage) context.set(userContext, { language: userLanguage } as never);
  const request = new Request("http://app.test/companies", { headers });
  await languageMiddleware({ request, context } as never, async () => new Response(null));
  return getLanguage(context);
}

describe("languageMiddleware", () => {
  it("speaks the signed-in user's language first", async () => {
    const cookie = await languageCookie.serialize("en");
    expect(await detect({ cookie, "accept-language": "en" }, "nb")).toBe("nb");
  });

  it("then the switch's cookie, then the browser's languages", async () => {
    expect(await detect({ cookie: await languageCookie.serialize("nb"), "accept-language": "en" })).toBe("nb");
    expect(await detect({ "accept-language": "no" })).toBe("nb");
    expect(await detect({ "accept-language": "nn-NO,en;q=0.5" })).toBe("nb");
    expect(await detect({ "accept-language": "en-US,nb;q=0.5" })).toBe("en");
  });

  it("falls back to English", async () => {
    expect(await detect({ "accept-language": "de-DE,fr;q=0.8" })).toBe("en");
    expect(await detect({ cookie: await languageCookie.serialize("de") })).toBe("en");
    expect(await detect({}, "de")).toBe("en");
    expect(getLanguage(new RouterContextProvider())).toBe("en");
  });

  it("gives the request a translator in its language", async () => {
    const context = new RouterContextProvider();
    const request = new Request("http://app.test/", { headers: { "accept-language": "nb" } });
    await languageMiddleware({ request, context } as never, async () => new Response(null));
    expect(getTranslator(context).t("records.next")).toBe("Neste");
  });
});
