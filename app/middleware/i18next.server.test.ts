import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { languageCookie } from "../utils/preferences.server.ts";
import { userContext } from "./auth.server.ts";
import { getInstance, getLocale, i18nextMiddleware } from "./i18next.server.ts";

async function detect(headers: Record<string, string>, userLanguage?: string | null, companyLanguage?: string | null) {
  const context = new RouterContextProvider();
  if (userLanguage !== undefined) {
    const brand = { name: "Workspace", logoVersion: null, defaultLanguage: companyLanguage ?? null };
    context.set(userContext, { language: userLanguage, brand } as never);
  }
  const request = new Request("http://app.test/companies", { headers });
  await i18nextMiddleware(
    { request, context, params: {}, unstable_pattern: "" } as never,
    async () => new Response(null),
  );
  return context;
}

describe("the i18next middleware", () => {
  it("speaks the language the signed-in user chose first", async () => {
    const cookie = await languageCookie.serialize("en");
    expect(getLocale(await detect({ cookie, "accept-language": "en" }, "nb"))).toBe("nb");
  });

  it("follows the browser for a user who chose none", async () => {
    expect(getLocale(await detect({ "accept-language": "nb-NO,nb;q=0.9" }, null))).toBe("nb");
  });

  it("gives a user who chose none the company's default language, when the company settings name one", async () => {
    expect(getLocale(await detect({ "accept-language": "en-US" }, null, "nb"))).toBe("nb");
    expect(getLocale(await detect({ "accept-language": "nb-NO" }, null, "en"))).toBe("en");
    // The user's own choice, and the switch's cookie, come first.
    expect(getLocale(await detect({ "accept-language": "en-US" }, "en", "nb"))).toBe("en");
    const cookie = await languageCookie.serialize("en");
    expect(getLocale(await detect({ cookie, "accept-language": "nb" }, null, "nb"))).toBe("en");
  });

  it("then the switch's cookie, then the browser's languages", async () => {
    expect(getLocale(await detect({ cookie: await languageCookie.serialize("nb"), "accept-language": "en" }))).toBe(
      "nb",
    );
    expect(getLocale(await detect({ "accept-language": "no" }))).toBe("nb");
    expect(getLocale(await detect({ "accept-language": "nn-NO,en;q=0.5" }))).toBe("nb");
    expect(getLocale(await detect({ "accept-language": "en-US,nb;q=0.5" }))).toBe("en");
  });

  it("falls back to English", async () => {
    expect(getLocale(await detect({ "accept-language": "de-DE,fr;q=0.8" }))).toBe("en");
    expect(getLocale(await detect({ cookie: await languageCookie.serialize("de") }))).toBe("en");
    expect(getLocale(await detect({}, "de"))).toBe("en");
    expect(getLocale(new RouterContextProvider())).toBe("en");
  });

  it("gives the request an i18next instance in its language", async () => {
    const instance = getInstance(await detect({ "accept-language": "nb" }));
    expect(instance.language).toBe("nb");
    expect(instance.t("list.next")).toBe("Neste");
    expect(instance.t("list.showing", { from: 1, to: 25, total: 60 })).toBe("Viser 1 til 25 av 60 oppføringer");
  });
});
