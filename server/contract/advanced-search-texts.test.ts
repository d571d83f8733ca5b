import { describe, expect, it } from "vitest";
import { columnLabel } from "./advanced-search-texts.ts";

describe("a result column's heading", () => {
  const city = { labelEn: "City", labelNb: "Sted", entityLabelEn: "Contact", entityLabelNb: "Kontakt" };
  it("names the entity when the query joins entities, in the page's language", () => {
    expect(columnLabel(city, "en", true)).toBe("Contact: City");
    expect(columnLabel(city, "nb", true)).toBe("Kontakt: Sted");
  });
  it("is the field's label alone in a query of one entity", () => {
    expect(columnLabel(city, "nb", false)).toBe("Sted");
  });
});
