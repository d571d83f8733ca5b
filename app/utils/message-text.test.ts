import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { advancedSearchTexts } from "../../server/contract/advanced-search-texts.ts";
import { apiErrorCodes } from "../../server/contract/error-texts.ts";
import { tooLargeMessage } from "../../server/contract/files.ts";
import { duplicateMessage, maxLengthMessage, messages } from "../../server/contract/messages.ts";
import en from "../locales/en.ts";
import nb from "../locales/nb.ts";
import { messageIn } from "./message-text.ts";

const norwegian = createInstance();
await norwegian.init({ lng: "nb", resources: { nb: { translation: nb } }, interpolation: { escapeValue: false } });
const english = createInstance();
await english.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });

const inBoth = (message: string) => [messageIn(english, message), messageIn(norwegian, message)];

describe("messages of the API and the forms", () => {
  it("read as the specification words them in English, and in Norwegian in Norwegian", () => {
    expect(inBoth(messages.required)).toEqual(["Required", "Påkrevd"]);
    expect(inBoth(messages.max255)).toEqual(["Max 255 limit", "Maks 255 tegn"]);
    expect(inBoth(maxLengthMessage(100000))).toEqual(["Max 100000 limit", "Maks 100000 tegn"]);
    expect(inBoth(messages.invalidEmail)).toEqual(["Must be an email", "Må være en e-postadresse"]);
    expect(inBoth(messages.invalidUrl)).toEqual(["Must be a valid URL", "Må være en gyldig URL"]);
    expect(inBoth(duplicateMessage("923609016"))).toEqual(["923609016 already exist", "923609016 finnes allerede"]);
    expect(inBoth(apiErrorCodes.GroupAlreadyAssignedException)).toEqual([
      "Group already exist",
      "Gruppen finnes allerede",
    ]);
    expect(inBoth(apiErrorCodes.operationNotPermitted)).toEqual([
      "Operation not permitted",
      "Handlingen er ikke tillatt",
    ]);
    expect(inBoth(tooLargeMessage(100))).toEqual([
      "File should not exceed 100mb",
      "Filen kan ikke være større enn 100 MB",
    ]);
    expect(inBoth(apiErrorCodes.attachmentExisting)).toEqual([
      "Attachment record already existing.",
      "Vedlegget finnes allerede.",
    ]);
  });

  it("read advanced search's texts in the page's language, the spec's among them", () => {
    expect(inBoth(advancedSearchTexts.ilikeNeedsWildcard)).toEqual([
      "The ilike filter needs a % wildcard",
      "ILIKE-filteret trenger et %-jokertegn",
    ]);
    expect(inBoth(advancedSearchTexts.queryFailed)).toEqual(["Query failed.", "Spørringen mislyktes."]);
    expect(inBoth(advancedSearchTexts.max200)).toEqual(["Max 200 limit", "Maks 200 tegn"]);
  });

  it("leave a text that is no code, or a code without a text, as it came", () => {
    expect(inBoth("The role is used by 3 users")).toEqual([
      "The role is used by 3 users",
      "The role is used by 3 users",
    ]);
    expect(messageIn(english, "acme.example")).toBe("acme.example");
  });
});
