/**
 * A widget's chart is drawn at a fixed size in CSS pixels: nivo's sized components render on the server, its
 * responsive ones render nothing there. "sm" fits a third of a wide page, "md" half of it, "lg" all of it.
 */
export const widgetSizes = {
  sm: { width: 360, height: 240 },
  md: { width: 560, height: 300 },
  lg: { width: 1000, height: 340 },
} as const;

export type WidgetSize = keyof typeof widgetSizes;
