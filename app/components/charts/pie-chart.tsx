import { Pie } from "@nivo/pie";
import { BasicTooltip } from "@nivo/tooltip";
import { ChartFrame, type ChartProps, chartTheme, chartValue } from "./chart-frame.tsx";
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
  const linked = size !== "sm";
  const side = linked ? Math.round(width * 0.2) : 12;
  // nivo's pie takes no accessible name: the image is a box around its SVG.
  return (
    <ChartFrame type={data.type} size={size}>
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
          valueFormat={(value) => chartValue(value, language)}
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
    </ChartFrame>
  );
}
