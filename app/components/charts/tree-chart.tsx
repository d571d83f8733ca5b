import { BasicTooltip } from "@nivo/tooltip";
import { TreeMap } from "@nivo/treemap";
import { ChartFrame, type ChartProps, chartTheme, chartValue } from "./chart-frame.tsx";
import { drawnSeries, shortLabel } from "./chart-labels.ts";
import { chartColor, textColorOn } from "./chart-palette.ts";
import { widgetSizes } from "./chart-sizes.ts";

/** TREE (the first series) as nivo's treemap: a cell per label with a value above zero, named by its label. */
export default function TreeChart({ data, labels, title, size, language }: ChartProps) {
  const series = drawnSeries(data);
  const { width, height } = widgetSizes[size];
  const values = series[0]?.values ?? [];
  const leaves = labels
    .map((label, index) => ({ id: String(index), label, value: values[index] ?? 0 }))
    .filter((leaf) => leaf.value > 0);
  return (
    <ChartFrame type={data.type} size={size}>
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
        valueFormat={(value) => chartValue(value, language)}
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
    </ChartFrame>
  );
}
