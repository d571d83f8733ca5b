import { type ReactNode, useEffect, useRef } from "react";
import type { ChartWidgetData } from "../../../server/contract/widget-data.ts";
import type { Language } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { formatCompact, shortLabel } from "./chart-labels.ts";
import { type WidgetSize, widgetSizes } from "./chart-sizes.ts";

/** What each chart type's module draws from. */
export interface ChartProps {
  data: ChartWidgetData;
  /** Each of `data.labels` as the page shows it (see `labelText`). */
  labels: string[];
  /** The widget's name: the chart's accessible name. */
  title: string;
  size: WidgetSize;
  language: Language;
}

/**
 * nivo's look in the app's skins: axes, grid and tooltips take Chakra's semantic colours as CSS variables, so a chart
 * follows the skin the page shows (and a switch of skin in place) without drawing anew; the series' colours are the
 * palette's, the same in both skins.
 */
export const chartTheme = {
  background: "transparent",
  text: { fill: "var(--chakra-colors-fg)", fontFamily: "inherit", fontSize: 12 },
  axis: {
    domain: { line: { stroke: "var(--chakra-colors-border)", strokeWidth: 1 } },
    ticks: {
      line: { stroke: "var(--chakra-colors-border)", strokeWidth: 1 },
      text: { fill: "var(--chakra-colors-fg-muted)" },
    },
  },
  grid: { line: { stroke: "var(--chakra-colors-border-muted)", strokeWidth: 1 } },
  crosshair: { line: { stroke: "var(--chakra-colors-fg-muted)", strokeWidth: 1, strokeOpacity: 0.75 } },
  labels: { text: { fontSize: 12, fontWeight: 600 } },
  tooltip: {
    container: {
      background: "var(--chakra-colors-bg-panel)",
      color: "var(--chakra-colors-fg)",
      fontSize: 13,
      borderRadius: 6,
      boxShadow: "var(--chakra-shadows-md)",
      padding: "6px 10px",
    },
  },
};

/** The average width of a character of the axes' 12 px text, to make room for labels before drawing them. */
const CHARACTER = 6.6;
/** A wide character of that text: labels are spaced by it, so that even wide ones never touch. */
export const WIDE_CHARACTER = 7.5;
/** The height a line of the axes' text takes, with a little air. */
export const LINE_HEIGHT = 15;
/** Labels too wide for their band are turned by this many degrees. */
export const TURN_DEGREES = 40;
/** How far apart turned labels' ticks must be for the labels not to overlap: a line's height across the slant. */
export const TURNED_SPACING = Math.ceil(LINE_HEIGHT / Math.sin((TURN_DEGREES * Math.PI) / 180));

/** Where a series' values are kept on a bar chart's rows: "s0", "s1", … (series keys are the API's, not unique names). */
export const seriesKey = (index: number) => `s${index}`;
export const seriesIndex = (key: string | number) => Number(String(key).slice(1));

/**
 * The category axis: labels cut to fit, turned when they are wider than their band, and only every nth when even turned
 * they would crowd each other, so that no two shown labels ever overlap (a day per point of a year would otherwise
 * write 365 dates over each other). The bottom margin grows with the turned labels; `overhang` is how far the first and
 * the last label reach past their ticks, which a line chart's margins must hold (its first and last points are at the
 * ends).
 */
export function categoryAxis(labels: string[], innerWidth: number, size: WidgetSize) {
  const short = labels.map((label) => shortLabel(label, size === "sm" ? 14 : 18));
  const band = innerWidth / Math.max(labels.length, 1);
  const longest = Math.max(1, ...short.map((label) => label.length));
  const turned = longest * CHARACTER > band - 6;
  const room = turned ? TURNED_SPACING : longest * WIDE_CHARACTER + 8;
  const every = Math.max(1, Math.ceil(room / band));
  const ticks = labels.map((_, index) => index).filter((index) => index % every === 0);
  const reach = (index: number | undefined) => (short[index ?? 0]?.length ?? 0) * CHARACTER;
  return {
    tickValues: ticks.map(String),
    tickRotation: turned ? -TURN_DEGREES : 0,
    bottom: turned ? Math.round(20 + longest * CHARACTER * 0.77) : 36,
    format: (value: string | number) => short[Number(value)] ?? "",
    // A turned label hangs to the left of its tick (cos 40° of its length); a level one is centred on it.
    overhang: turned
      ? { left: Math.round(reach(ticks[0]) * 0.77) + 4, right: 8 }
      : { left: Math.round(reach(ticks[0]) / 2) + 4, right: Math.round(reach(ticks.at(-1)) / 2) + 4 },
  };
}

/** nivo's arc link: its diagonal, its straight part and the gap before its label, in pixels. */
export const PIE_LINK = { diagonal: 16, straight: 24, textOffset: 6 };

/**
 * A pie's radius and labels, fitted to its box: a label reaches past the pie's edge by its link and its own width, so
 * the pie is drawn small enough for the widest label to end inside the box, and labels are cut (to no fewer than 8
 * characters) rather than the pie shrunk below a third of the box's height. The whole label is in the tooltip and the
 * data table. A small chart has no link labels: its values are on the slices.
 */
export function pieLayout(labels: string[], size: WidgetSize) {
  const { width, height } = widgetSizes[size];
  if (size === "sm") return { linked: false, labelLength: 0, margin: { top: 12, right: 12, bottom: 12, left: 12 } };
  const reach = PIE_LINK.diagonal + PIE_LINK.straight + PIE_LINK.textOffset;
  // Above and below, a label's middle is at most a diagonal past the edge: half a line more must fit.
  const tallest = Math.floor(height / 2 - PIE_LINK.diagonal - LINE_HEIGHT / 2 - 2);
  const smallest = Math.round(height / 3);
  const fits = (length: number) => Math.floor(width / 2 - reach - length * WIDE_CHARACTER - 4);
  let labelLength = Math.min(18, Math.max(1, ...labels.map((label) => label.length)));
  while (labelLength > 8 && fits(labelLength) < smallest) labelLength -= 1;
  const radius = Math.max(1, Math.min(tallest, fits(labelLength)));
  const side = Math.ceil(width / 2 - radius);
  const end = Math.ceil(height / 2 - radius);
  return { linked: true, labelLength, margin: { top: end, right: side, bottom: end, left: side } };
}

/** The value axis's margin: room for its longest tick ("1.2K", "-350"). */
export function valueAxisWidth(values: (number | null)[], language: Language): number {
  const numbers = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const widest = Math.max(...[0, ...numbers].map((value) => formatCompact(value, language).length + 1));
  return Math.max(40, Math.round(widest * CHARACTER + 16));
}

/** A value as the chart's tooltips write it; a missing one is a dash. */
export function chartValue(value: number | null, language: Language): string {
  return value === null ? "—" : formatNumber(value, language);
}

/** The box a chart is drawn in, at its widget size. */
export function ChartFrame({ type, size, children }: { type: string; size: WidgetSize; children: ReactNode }) {
  const frame = useScalableSvg();
  return (
    // Focusable: without JavaScript a narrow column scrolls the chart sideways, which a keyboard does once it is there.
    <div
      ref={frame}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
      tabIndex={0}
      style={{ width: widgetSizes[size].width, maxWidth: "100%", overflowX: "auto" }}
      data-chart={type}
    >
      {children}
    </div>
  );
}

/**
 * nivo's SVG has a width and height but no viewBox, so without JavaScript a narrow column scrolls it sideways. Once
 * the page is interactive the SVG gets its viewBox and scales down to the column instead (nivo's tooltips allow for a
 * scaled chart).
 */
function useScalableSvg() {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const svg = frame.current?.querySelector("svg");
    if (!svg || svg.hasAttribute("viewBox")) return;
    svg.setAttribute("viewBox", `0 0 ${svg.getAttribute("width")} ${svg.getAttribute("height")}`);
    svg.style.maxWidth = "100%";
    svg.style.height = "auto";
    if (frame.current) frame.current.style.overflowX = "visible";
  }, []);
  return frame;
}
