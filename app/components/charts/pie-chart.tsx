import { Pie } from "@nivo/pie";
import { BasicTooltip } from "@nivo/tooltip";
import { ChartFrame, type ChartProps, chartTheme, chartValue, PIE_LINK, pieLayout } from "./chart-frame.tsx";
import { drawnSeries, shortLabel } from "./chart-labels.ts";
import { chartColor, textColorOn } from "./chart-palette.ts";
import { widgetSizes } from "./chart-sizes.ts";

/** PIE (the first series) as nivo's pie, a slice per label with a value above zero. */
export default function PieChart({ data, labels, title, size, language }: ChartProps) {
  const series = drawnSeries(data);
  const { width, height } = widgetSizes[size];
  const values = series[0]?.values ?? [];
  const slices = labels
    .map((label, index) => ({ id: String(index), label, value: values[index] ?? 0 }))
    .filter((slice) => slice.value > 0);
  // The pie is drawn small enough for its labels to end inside its box (pieLayout).
  const { linked, labelLength, margin } = pieLayout(
    slices.map((slice) => slice.label),
    size,
  );
  // nivo's pie takes no accessible name: the image is a box around its SVG.
  return (
    <ChartFrame type={data.type} size={size}>
      <div role="img" aria-label={title}>
        <Pie
          width={width}
          height={height}
          data={slices}
          margin={margin}
          innerRadius={0.5}
          padAngle={0.6}
          cornerRadius={2}
          animate={false}
          theme={chartTheme}
          colors={({ id }) => chartColor(Number(id))}
          valueFormat={(value) => chartValue(value, language)}
          arcLabel={(slice) => slice.formattedValue}
          arcLabelsSkipAngle={14}
          arcLabelsTextColor={({ color }) => textColorOn(color)}
          enableArcLinkLabels={linked}
          arcLinkLabel={(slice) => shortLabel(String(slice.label), labelLength)}
          arcLinkLabelsDiagonalLength={PIE_LINK.diagonal}
          arcLinkLabelsStraightLength={PIE_LINK.straight}
          arcLinkLabelsTextOffset={PIE_LINK.textOffset}
          arcLinkLabelsSkipAngle={10}
          arcLinkLabelsTextColor="var(--chakra-colors-fg)"
          arcLinkLabelsColor={{ from: "color" }}
          tooltip={({ datum }) => (
            <BasicTooltip id={String(datum.label)} value={datum.formattedValue} color={datum.color} enableChip />
          )}
          role="presentation"
        />
      </div>
    </ChartFrame>
  );
}
