import { describe, expect, it } from "vitest";
import { categoryAxis, TURNED_SPACING, WIDE_CHARACTER } from "./chart-frame.tsx";
import { widgetSizes } from "./chart-sizes.ts";

/** Dates of a year, day by day, as a chart grouped by day writes them. */
const days = (count: number) =>
  Array.from({ length: count }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10));

describe("a chart's category axis", () => {
  it("never shows two labels that overlap, however many points there are", () => {
    const cases = [
      days(5),
      days(31),
      days(90),
      days(365),
      ["Construction", "Retail", "Shipping and logistics", "Oil and gas", "Public sector", "Tourism"],
      Array.from({ length: 40 }, (_, index) => `Week ${index + 1}, 2026`),
    ];
    for (const labels of cases) {
      for (const size of ["sm", "md", "lg"] as const) {
        const inner = widgetSizes[size].width - 80;
        const axis = categoryAxis(labels, inner, size);
        const band = inner / labels.length;
        const shown = axis.tickValues.map(Number);
        expect(shown[0]).toBe(0);
        for (let index = 1; index < shown.length; index++) {
          const apart = (shown[index] - shown[index - 1]) * band;
          const [before, after] = [shown[index - 1], shown[index]].map((at) => axis.format(at).length * WIDE_CHARACTER);
          // Turned labels are apart by a line across their slant; level ones by half of each one's width.
          const needed = axis.tickRotation === 0 ? (before + after) / 2 : TURNED_SPACING;
          expect(
            apart,
            `${labels.length} labels on ${size}: ticks ${shown[index - 1]} and ${shown[index]}`,
          ).toBeGreaterThanOrEqual(needed);
        }
      }
    }
  });
});
