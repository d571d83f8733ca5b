import { Bar, type BarDatum, type BarItemProps } from "@nivo/bar";
import { useTooltip } from "@nivo/tooltip";
import { createElement } from "react";
import {
  ChartFrame,
  type ChartProps,
  categoryAxis,
  chartTheme,
  chartValue,
  seriesIndex,
  seriesKey,
  valueAxisWidth,
} from "./chart-frame.tsx";
import { drawnSeries, formatCompact } from "./chart-labels.ts";
import { chartColor, textColorOn } from "./chart-palette.ts";
import { widgetSizes } from "./chart-sizes.ts";

/** BAR (the first series) and GROUPED_BAR (every series, side by side) as nivo's bar chart. */
export default function BarChart({ data, labels, title, size, language }: ChartProps) {
  const series = drawnSeries(data);
  const { width, height } = widgetSizes[size];
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
    <ChartFrame type={data.type} size={size}>
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
        valueFormat={(value) => chartValue(value, language)}
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
    </ChartFrame>
  );
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
