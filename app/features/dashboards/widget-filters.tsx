import { Button, Field, HStack, Input } from "@chakra-ui/react";
import { Form } from "react-router";
import { OptionSelect } from "../../components/option-select.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import type { DashboardScreenData, DashboardWidget, WidgetFilterControl } from "./dashboard.server.ts";

/**
 * The viewer's filters of one widget: a select of the field's values when there are few, else a text input. The
 * form keeps the other widgets' choices and starts this widget's table on its first page again.
 */
export default function WidgetFilters({
  widget,
  kept,
  action,
  keep,
}: {
  widget: DashboardWidget;
  kept: DashboardScreenData["kept"];
  action: string;
  keep: Record<string, string>;
}) {
  const { t } = useTranslation();
  const own = new Set([widget.pageParam, ...widget.filters.map((filter) => filter.param)]);
  return (
    <Form
      method="get"
      action={action}
      preventScrollReset
      aria-label={t("dashboards.filters", { name: widget.name })}
      data-testid="widget-filters"
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {kept
        .filter(([name]) => !own.has(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <HStack gap="3" align="end" wrap="wrap">
        {widget.filters.map((filter) => (
          <FilterControl key={filter.param} filter={filter} label={filter.label} />
        ))}
        <Button type="submit" size="sm" variant="outline">
          {t("dashboards.apply")}
        </Button>
      </HStack>
    </Form>
  );
}

function FilterControl({ filter, label }: { filter: WidgetFilterControl; label: string }) {
  const { t } = useTranslation();
  const options = filter.options;
  // A stored value the data no longer holds stays choosable, so the select shows what filters the widget.
  const choices =
    options && filter.value && !options.some((option) => option.value === filter.value)
      ? [...options, { value: filter.value, label: filter.value }]
      : options;
  return (
    <Field.Root width="auto" minW="40">
      <Field.Label fontSize="sm">{label}</Field.Label>
      {choices ? (
        <OptionSelect
          size="sm"
          name={filter.param}
          defaultValue={filter.value}
          options={choices}
          empty={t("dashboards.all")}
        />
      ) : (
        <Input size="sm" name={filter.param} defaultValue={filter.value} maxLength={255} />
      )}
    </Field.Root>
  );
}
