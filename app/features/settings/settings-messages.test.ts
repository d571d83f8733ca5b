import { describe, expect, it } from "vitest";
import { FIELD_LIMIT } from "../../../server/contract/custom-fields.ts";
import { fieldLimitMessage, notFoundTexts } from "../../../server/contract/settings-texts.ts";
import { allTexts } from "../../locales/all.ts";
import { settingsMessageKey } from "./settings-messages.ts";

/** A text of the locale files by its dotted key, its values filled in. */
function text(language: "en" | "nb", key: string, values: Record<string, string>): string {
  let found: unknown = allTexts[language];
  for (const part of key.split(".")) found = (found as Record<string, unknown>)[part];
  if (typeof found !== "string") throw new Error(`no text ${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

describe("the field settings' refusals", () => {
  it("say in English and Norwegian that an entity has all the custom fields it may have", () => {
    const found = settingsMessageKey(fieldLimitMessage(FIELD_LIMIT));
    expect(found).toEqual({ key: "settings.rules.fieldLimit", values: { limit: String(FIELD_LIMIT) } });
    if (!found?.values) throw new Error("the refusal has its text");
    expect(text("en", found.key, found.values)).toBe(
      `This entity already has ${FIELD_LIMIT} custom fields, the most an entity can have.`,
    );
    expect(text("nb", found.key, found.values)).toBe(
      `Denne entiteten har allerede ${FIELD_LIMIT} egendefinerte felt, det meste en entitet kan ha.`,
    );
  });

  it("word what the API did not find as the screen sees it", () => {
    expect(settingsMessageKey(notFoundTexts.user)).toEqual({ key: "settings.workItems.userNotFound" });
    expect(text("en", "settings.workItems.userNotFound", {})).toBe("The chosen user no longer exists.");
  });

  it("leave a text that is no code to be shown as it came", () => {
    expect(settingsMessageKey("Something the server said")).toBeNull();
  });
});
