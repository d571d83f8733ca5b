import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../locales/en.ts";
import nb from "../locales/nb.ts";
import { messageKey } from "./message-text.ts";

const norwegian = createInstance();
await norwegian.init({ lng: "nb", resources: { nb: { translation: nb } }, interpolation: { escapeValue: false } });
const english = createInstance();
await english.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });

function inBoth(text: string) {
  const found = messageKey(text);
  if (!found) return null;
  return [english.t(found.key, found.values), norwegian.t(found.key, found.values)];
}

describe("messages of the API and the forms", () => {
  it("read as the specification words them in English, and in Norwegian in Norwegian", () => {
    expect(inBoth("Required")).toEqual(["Required", "Påkrevd"]);
    expect(inBoth("Max 255 limit")).toEqual(["Max 255 limit", "Maks 255 tegn"]);
    expect(inBoth("Max 100000 limit")).toEqual(["Max 100000 limit", "Maks 100000 tegn"]);
    expect(inBoth("Must be an email")).toEqual(["Must be an email", "Må være en e-postadresse"]);
    expect(inBoth("Must be a valid URLes")).toEqual(["Must be a valid URL", "Må være en gyldig URL"]);
    expect(inBoth("923609016 already exist")).toEqual(["923609016 already exist", "923609016 finnes allerede"]);
    expect(inBoth("Group already exist")).toEqual(["Group already exist", "Gruppen finnes allerede"]);
    expect(inBoth("Operation not permitted")).toEqual(["Operation not permitted", "Handlingen er ikke tillatt"]);
    expect(inBoth("File should not exceed 100mb")).toEqual([
      "File should not exceed 100mb",
      "Filen kan ikke være større enn 100 MB",
    ]);
    expect(inBoth("File type not supported")).toEqual(["File type not supported", "Filtypen støttes ikke"]);
    expect(inBoth("You must upload a file")).toEqual(["You must upload a file", "Du må laste opp en fil"]);
    expect(inBoth("Attachment record already existing.")).toEqual([
      "Attachment record already existing.",
      "Vedlegget finnes allerede.",
    ]);
  });

  it("read advanced search's texts in the page's language, the spec's among them", () => {
    expect(inBoth("The ilike filter needs a % wildcard")).toEqual([
      "The ilike filter needs a % wildcard",
      "ILIKE-filteret trenger et %-jokertegn",
    ]);
    expect(inBoth("A date range must be in the same year")).toEqual([
      "A date range must be in the same year",
      "En datoperiode må være innenfor samme år",
    ]);
    expect(inBoth("Join this entity to the query's main entity")).toEqual([
      "Join this entity to the query's main entity",
      "Koble denne enheten til spørringens hovedenhet",
    ]);
    // Texts validation already has keep its key.
    expect(messageKey("Query failed.")?.key).toBe("validation.queryFailed");
    expect(messageKey("Required")?.key).toBe("validation.required");
  });

  it("leave a server message without a key as it came", () => {
    expect(messageKey("The role is used by 3 users")).toBeNull();
  });
});
