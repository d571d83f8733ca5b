/**
 * The charts' categorical colours, the same in both skins: each has a contrast of at least 3:1 (what WCAG asks of
 * graphics) with the light skin's white and near-white panels and with the dark skin's near-black one
 * (`chart-palette.test.ts` checks it). Hues alternate so that neighbouring series differ in lightness as well.
 */
export const chartPalette = [
  "#3b82f6", // blue
  "#ea580c", // orange
  "#0d9488", // teal
  "#db2777", // pink
  "#8b5cf6", // violet
  "#16a34a", // green
  "#d97706", // amber
  "#71717a", // grey
] as const;

/** The colour of the nth series or label; past the palette's end the colours repeat. */
export function chartColor(index: number): string {
  return chartPalette[index % chartPalette.length];
}

// Chakra's black.
const DARK_TEXT = "#09090b";
const LIGHT_TEXT = "#ffffff";

function channel(hex: string, start: number): number {
  const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** A #rrggbb colour's relative luminance (WCAG 2). */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** The contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Text drawn on a fill of the palette (a bar's value, a slice's, a treemap cell's name): dark or white, whichever reads better. */
export function textColorOn(fill: string): string {
  return contrastRatio(fill, DARK_TEXT) >= contrastRatio(fill, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}
