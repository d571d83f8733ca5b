import { tokens } from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import { renderChakraGlobalStyles } from "../../utils/chakra-global-css.server.tsx";
import { chartTheme } from "./chart-frame.tsx";
import { chartPalette, contrastRatio, textColorOn } from "./chart-palette.ts";

/** Where charts are drawn: the light skin's panels (white, gray.50) and the dark skin's (gray.950). */
const backgrounds = {
  white: "#ffffff",
  "gray.50": tokens.colors.gray[50].value,
  "gray.950": tokens.colors.gray[950].value,
};

describe("the charts' palette", () => {
  it("reads at 3:1 or more on the light skin's panels and on the dark skin's", () => {
    const weak = chartPalette.flatMap((colour) =>
      Object.entries(backgrounds)
        .filter(([, background]) => contrastRatio(colour, background) < 3)
        .map(([name]) => `${colour} on ${name}`),
    );
    expect(backgrounds["gray.950"]).toMatch(/^#[0-9a-f]{6}$/i);
    expect(weak).toEqual([]);
  });

  it("has as many different colours as it has entries", () => {
    expect(new Set(chartPalette.map((colour) => colour.toLowerCase())).size).toBe(chartPalette.length);
    expect(chartPalette.length).toBeGreaterThanOrEqual(8);
  });

  it("writes values on its colours at 4.5:1 or more", () => {
    for (const colour of chartPalette) expect(contrastRatio(colour, textColorOn(colour))).toBeGreaterThanOrEqual(4.5);
    expect(textColorOn("#ffffff")).toBe("#09090b");
    expect(textColorOn("#000000")).toBe("#ffffff");
  });

  it("knows white on black is 21:1", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
  });
});

describe("the charts' theme", () => {
  it("uses only colours that Chakra's theme defines, so both skins colour it", () => {
    const used = [...JSON.stringify(chartTheme).matchAll(/var\((--[a-z0-9-]+)\)/g)].map((match) => match[1]);
    const css = renderChakraGlobalStyles().css;
    expect(used.length).toBeGreaterThan(4);
    expect([...new Set(used)].filter((name) => !css.includes(`${name}:`))).toEqual([]);
  });
});
