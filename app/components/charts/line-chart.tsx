import { Line, type SliceTooltipProps } from "@nivo/line";
import { Chip, TableTooltip } from "@nivo/tooltip";
import { useHydrated } from "../../utils/hydrated.ts";
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
import { chartColor } from "./chart-palette.ts";
import { widgetSizes } from "./chart-sizes.ts";

const layersWithSlices = [
  "grid",
  "markers",
  "axes",
  "areas",
  "crosshair",
  "lines",
  "points",
  "slices",
  "mesh",
  "legends",
] as const;
const layersWithoutSlices = layersWithSlices.filter((layer) => layer !== "slices");

/**
 * LINE (the first series) and MULTILINE (every series) as nivo's line chart. nivo names its slices (the areas the
 * pointer hovers for a tooltip) by a counter of its own, which differs between the server and the browser; they are
 * drawn once the page is interactive, the only time they are of use, so the server's SVG hydrates as it is.
 */
export default function LineChart({ data, labels, title, size, language }: ChartProps) {
  const series = drawnSeries(data);
  const hydrated = useHydrated();
  const { width, height } = widgetSizes[size];
  const values = series.flatMap((s) => s.values).filter((value): value is number => value !== null);
  const valueWidth = valueAxisWidth(values, language);
  const first = categoryAxis(labels, width - valueWidth - 24, size);
  // The labels' overhang widens the margins: the ticks are thinned again for the width that leaves.
  const axis = categoryAxis(
    labels,
    width - Math.max(valueWidth, first.overhang.left) - Math.max(16, first.overhang.right),
    size,
  );
  const left = Math.max(valueWidth, first.overhang.left, axis.overhang.left);
  const right = Math.max(16, first.overhang.right, axis.overhang.right);
  return (
    <ChartFrame type={data.type} size={size}>
      <Line
        width={width}
        height={height}
        data={series.map((s, i) => ({
          id: seriesKey(i),
          data: labels.map((_, index) => ({ x: String(index), y: s.values[index] ?? null })),
        }))}
        margin={{ top: 12, right, bottom: axis.bottom, left }}
        xScale={{ type: "point" }}
        yScale={{ type: "linear", min: Math.min(0, ...values) < 0 ? "auto" : 0, max: "auto" }}
        animate={false}
        theme={chartTheme}
        colors={({ id }) => chartColor(seriesIndex(id))}
        lineWidth={2}
        pointSize={labels.length > 40 ? 0 : 6}
        pointBorderWidth={0}
        enableSlices="x"
        layers={hydrated ? layersWithSlices : layersWithoutSlices}
        sliceTooltip={({ slice }: SliceTooltipProps<{ id: string; data: { x: string; y: number | null }[] }>) => (
          <TableTooltip
            title={<strong>{labels[Number(slice.points[0]?.data.x)]}</strong>}
            rows={slice.points.map((point) => [
              <Chip key="chip" color={point.seriesColor} />,
              series[seriesIndex(point.seriesId)]?.description ?? "",
              <strong key="value">{chartValue(point.data.y, language)}</strong>,
            ])}
          />
        )}
        axisBottom={{ tickValues: axis.tickValues, tickRotation: axis.tickRotation, format: axis.format }}
        axisLeft={{ tickValues: size === "sm" ? 4 : 5, format: (value) => formatCompact(Number(value), language) }}
        gridYValues={size === "sm" ? 4 : 5}
        enableGridX={false}
        role="img"
        ariaLabel={title}
      />
    </ChartFrame>
  );
}
