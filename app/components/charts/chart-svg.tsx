import { Bar, type BarDatum, type BarItemProps } from "@nivo/bar";
import { Line, type SliceTooltipProps } from "@nivo/line";
import { Pie } from "@nivo/pie";
import { BasicTooltip, useTooltip } from "@nivo/tooltip";
import { TreeMap } from "@nivo/treemap";
import { createElement, useCallback, useEffect, useRef } from "react";
import type { ChartWidgetData } from "../../../server/contract/widget-data.ts";
import type { Language } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { drawnSeries, formatCompact, shortLabel } from "./chart-labels.ts";
import { chartColor, textColorOn } from "./chart-palette.ts";
import { type WidgetSize, widgetSizes } from "./chart-sizes.ts";

export interface ChartSvgProps {
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

/** Where a series' values are kept on a bar chart's rows: "s0", "s1", … (series keys are the API's, not unique names). */
const seriesKey = (index: number) => `s${index}`;
const seriesIndex = (key: string | number) => Number(String(key).slice(1));

/**
 * The category axis: labels cut to fit, turned when they are wider than their band, and only every nth when even turned
 * they crowd each other. The bottom margin grows with the turned labels.
 */
function categoryAxis(labels: string[], innerWidth: number, size: WidgetSize) {
  const short = labels.map((label) => shortLabel(label, size === "sm" ? 12 : 18));
  const band = innerWidth / Math.max(labels.length, 1);
  const longest = Math.max(1, ...short.map((label) => label.length));
  const turned = longest * CHARACTER > band - 6;
  const room = turned ? 16 : longest * CHARACTER + 8;
  const every = Math.max(1, Math.ceil(room / band));
  return {
    tickValues: labels.map((_, index) => String(index)).filter((_, index) => index % every === 0),
    tickRotation: turned ? -40 : 0,
    bottom: turned ? Math.round(20 + longest * CHARACTER * 0.77) : 36,
    format: (value: string | number) => short[Number(value)] ?? "",
  };
}

/** The value axis's margin: room for its longest tick ("1.2K", "-350"). */
function valueAxisWidth(values: (number | null)[], language: Language): number {
  const numbers = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const widest = Math.max(...[0, ...numbers].map((value) => formatCompact(value, language).length + 1));
  return Math.max(40, Math.round(widest * CHARACTER + 16));
}

/** The chart of one widget: LINE, MULTILINE, BAR, GROUPED_BAR, PIE or TREE, as SVG of a fixed size. */
export default function ChartSvg(props: ChartSvgProps) {
  const frame = useScalableSvg();
  const { width, height } = widgetSizes[props.size];
  return (
    <div ref={frame} style={{ width, maxWidth: "100%", overflowX: "auto" }} data-chart={props.data.type}>
      <Chart {...props} width={width} height={height} />
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

function Chart({
  data,
  labels,
  title,
  size,
  language,
  width,
  height,
}: ChartSvgProps & { width: number; height: number }) {
  const series = drawnSeries(data);
  const format = useCallback(
    (value: number | null) => (value === null ? "—" : formatNumber(value, language)),
    [language],
  );
  switch (data.type) {
    case "BAR":
    case "GROUPED_BAR": {
      const left = valueAxisWidth(
        series.flatMap((s) => s.values),
        language,
      );
      const axis = categoryAxis(labels, width - left - 16, size);
      // A missing value is null, which nivo leaves out (its types only allow numbers and strings).
      const rows = labels.map(
        (_, index): BarDatum => ({
          index: String(index),
          ...Object.fromEntries(series.map((s, i) => [seriesKey(i), s.values[index] ?? null])),
        }),
      );
      return (
        <Bar
          width={width}
          height={height}
          data={rows}
          keys={series.map((_, i) => seriesKey(i))}
          indexBy="index"
          groupMode="grouped"
          margin={{ top: 12, right: 16, bottom: axis.bottom, left }}
          padding={0.25}
          innerPadding={series.length > 1 ? 2 : 0}
          animate={false}
          theme={chartTheme}
          colors={({ id }) => chartColor(seriesIndex(id))}
          valueFormat={(value) => format(value)}
          labelSkipWidth={28}
          labelSkipHeight={16}
          labelTextColor={({ color }) => textColorOn(color)}
          axisBottom={{ tickValues: axis.tickValues, tickRotation: axis.tickRotation, format: axis.format }}
          axisLeft={{ tickValues: size === "sm" ? 4 : 5, format: (value) => formatCompact(Number(value), language) }}
          gridYValues={size === "sm" ? 4 : 5}
          tooltipLabel={({ id, indexValue }) =>
            series.length > 1
              ? `${series[seriesIndex(id)]?.description} – ${labels[Number(indexValue)]}`
              : (labels[Number(indexValue)] ?? "")
          }
          barComponent={SizedBar}
          role="img"
          ariaLabel={title}
        />
      );
    }
    case "LINE":
    case "MULTILINE": {
      const values = series.flatMap((s) => s.values).filter((value): value is number => value !== null);
      const left = valueAxisWidth(values, language);
      const axis = categoryAxis(labels, width - left - 24, size);
      return (
        <Line
          width={width}
          height={height}
          data={series.map((s, i) => ({
            id: seriesKey(i),
            data: labels.map((_, index) => ({ x: String(index), y: s.values[index] ?? null })),
          }))}
          margin={{ top: 12, right: 24, bottom: axis.bottom, left }}
          xScale={{ type: "point" }}
          yScale={{ type: "linear", min: Math.min(0, ...values) < 0 ? "auto" : 0, max: "auto" }}
          animate={false}
          theme={chartTheme}
          colors={({ id }) => chartColor(seriesIndex(id))}
          lineWidth={2}
          pointSize={labels.length > 40 ? 0 : 6}
          pointBorderWidth={0}
          enableSlices="x"
          sliceTooltip={({ slice }: SliceTooltipProps<{ id: string; data: { x: string; y: number | null }[] }>) => (
            <div style={chartTheme.tooltip.container}>
              <strong>{labels[Number(slice.points[0]?.data.x)]}</strong>
              {slice.points.map((point) => (
                <BasicTooltip
                  key={point.id}
                  id={series[seriesIndex(point.seriesId)]?.description ?? ""}
                  value={format(point.data.y)}
                  color={point.seriesColor}
                  enableChip
                />
              ))}
            </div>
          )}
          axisBottom={{ tickValues: axis.tickValues, tickRotation: axis.tickRotation, format: axis.format }}
          axisLeft={{ tickValues: size === "sm" ? 4 : 5, format: (value) => formatCompact(Number(value), language) }}
          gridYValues={size === "sm" ? 4 : 5}
          enableGridX={false}
          role="img"
          ariaLabel={title}
        />
      );
    }
    case "PIE": {
      const values = series[0]?.values ?? [];
      const slices = labels
        .map((label, index) => ({ id: String(index), label, value: values[index] ?? 0 }))
        .filter((slice) => slice.value > 0);
      const linked = size !== "sm";
      const side = linked ? Math.round(width * 0.2) : 12;
      return (
        // nivo's pie takes no accessible name: the image is the frame around its SVG.
        <div role="img" aria-label={title}>
          <Pie
            width={width}
            height={height}
            data={slices}
            margin={{ top: linked ? 24 : 12, right: side, bottom: linked ? 24 : 12, left: side }}
            innerRadius={0.5}
            padAngle={0.6}
            cornerRadius={2}
            animate={false}
            theme={chartTheme}
            colors={({ id }) => chartColor(Number(id))}
            valueFormat={(value) => format(value)}
            arcLabel={(slice) => slice.formattedValue}
            arcLabelsSkipAngle={14}
            arcLabelsTextColor={({ color }) => textColorOn(color)}
            enableArcLinkLabels={linked}
            arcLinkLabel={(slice) => shortLabel(String(slice.label), 16)}
            arcLinkLabelsSkipAngle={10}
            arcLinkLabelsTextColor="var(--chakra-colors-fg)"
            arcLinkLabelsColor={{ from: "color" }}
            tooltip={({ datum }) => (
              <BasicTooltip id={String(datum.label)} value={datum.formattedValue} color={datum.color} enableChip />
            )}
            role="presentation"
          />
        </div>
      );
    }
    case "TREE": {
      const values = series[0]?.values ?? [];
      const leaves = labels
        .map((label, index) => ({ id: String(index), label, value: values[index] ?? 0 }))
        .filter((leaf) => leaf.value > 0);
      return (
        <TreeMap
          width={width}
          height={height}
          data={{ id: "root", label: title, value: 0, children: leaves }}
          identity="id"
          value="value"
          leavesOnly
          tile="squarify"
          innerPadding={2}
          outerPadding={0}
          animate={false}
          theme={chartTheme}
          colors={({ id }) => chartColor(Number(id))}
          nodeOpacity={1}
          borderWidth={0}
          valueFormat={(value) => format(value)}
          label={(node) => shortLabel(String(node.data.label), 18)}
          labelSkipSize={24}
          labelTextColor={({ color }) => textColorOn(color)}
          enableParentLabel={false}
          tooltip={({ node }) => (
            <BasicTooltip id={String(node.data.label)} value={node.formattedValue} color={node.color} enableChip />
          )}
          role="img"
          ariaLabel={title}
        />
      );
    }
  }
}

/**
 * A bar drawn from its computed position and size. nivo's own bar takes its size from an animation whose first frame
 * (zero-wide bars) is what the server renders; this one is the same bar, with its tooltip, at its final size.
 */
function SizedBar({
  bar,
  borderRadius,
  isInteractive,
  tooltip,
  label,
  shouldRenderLabel,
  onMouseEnter,
  onMouseLeave,
}: BarItemProps<BarDatum>) {
  const { showTooltipFromEvent, hideTooltip } = useTooltip();
  const { data, ...computed } = bar;
  const content = () => createElement(tooltip, { ...computed, ...data });
  const labelColor = textColorOn(bar.color);
  return (
    <g transform={`translate(${bar.x}, ${bar.y})`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the tooltip is a pointer's comfort; the chart is one image, and its values are in the data table under it */}
      <rect
        width={Math.max(bar.width, 0)}
        height={Math.max(bar.height, 0)}
        rx={borderRadius}
        ry={borderRadius}
        fill={data.fill ?? bar.color}
        data-testid={`bar.item.${data.id}.${data.index}`}
        onMouseEnter={
          isInteractive
            ? (event) => {
                onMouseEnter?.(data, event);
                showTooltipFromEvent(content(), event);
              }
            : undefined
        }
        onMouseMove={isInteractive ? (event) => showTooltipFromEvent(content(), event) : undefined}
        onMouseLeave={
          isInteractive
            ? (event) => {
                onMouseLeave?.(data, event);
                hideTooltip();
              }
            : undefined
        }
      />
      {shouldRenderLabel && (
        <text
          x={bar.width / 2}
          y={bar.height / 2}
          textAnchor="middle"
          dominantBaseline="central"
          style={{ fill: labelColor, fontSize: 12, fontWeight: 600, pointerEvents: "none" }}
        >
          {label}
        </text>
      )}
    </g>
  );
}
