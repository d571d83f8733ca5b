import {
  Alert,
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Fieldset,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import {
  type FieldMetadata,
  type FieldName,
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from "@conform-to/react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link } from "react-router";
import type { ResultColumn } from "../../../server/contract/advanced-search.ts";
import { columnLabel, isSortable, operationsByType } from "../../../server/contract/advanced-search-texts.ts";
import { filterOperations, sortDirections, widgetInputSchema } from "../../../server/contract/dashboards.ts";
import type { FieldType } from "../../../server/contract/fields.ts";
import { aggregationFunctions, dateGroupings, widgetTypes } from "../../../server/contract/widget-data.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { WidgetView } from "../../components/charts/widget-view.tsx";
import { CheckField, CheckLabel } from "../../components/check-label.tsx";
import { AlertDialog } from "../../components/dialogs.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { FormErrors, FormField, SubmitButton } from "../../components/form-field.tsx";
import { OptionSelect } from "../../components/option-select.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { operationKeys } from "../advanced-search/catalog.ts";
import { builderUrl, dashboardSettingsUrl } from "./settings-urls.ts";
import { isChartType, parseWidgetForm, widgetDefaults } from "./widget-form.ts";
import type { BuilderState, WidgetPreview } from "./widgets-tab.server.ts";

export const WIDGET_FORM_ID = "widget-builder";
const WIDGETS_PATH = dashboardSettingsUrl("widgets");

type Meta = FieldMetadata<unknown>;

/** An aggregate's name in the page's language. */
export const aggregationKeys = {
  COUNT: "charts.count",
  SUM: "charts.sum",
  AVG: "charts.average",
  MIN: "charts.min",
  MAX: "charts.max",
} as const;

const DATE_TYPES = ["Date", "DateTime"];

/** A select of a Conform field, with an empty first choice when `empty` is given. */
function Select({
  meta,
  label,
  options,
  empty,
  hideLabel,
}: {
  meta: Meta;
  label: string;
  options: { value: string; label: string }[];
  empty?: string;
  hideLabel?: boolean;
}) {
  return (
    <FormField meta={meta} label={label} hideLabel={hideLabel}>
      <OptionSelect
        {...getSelectProps(meta)}
        key={meta.key}
        size="sm"
        aria-label={hideLabel ? label : undefined}
        options={options}
        empty={empty}
      />
    </FormField>
  );
}

/** The builder's steps, the current one marked (spec §4: type, columns, preview, saved). */
function Steps({ current }: { current: 1 | 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const steps = [
    t("dashboardSettings.builder.stepType"),
    t("dashboardSettings.builder.stepSource"),
    t("dashboardSettings.builder.stepColumns"),
    t("dashboardSettings.builder.stepPreview"),
  ];
  return (
    <HStack as="ol" gap="4" listStyleType="none" wrap="wrap" aria-label={t("dashboardSettings.builder.steps")}>
      {steps.map((label, index) => (
        <Box
          as="li"
          key={label}
          aria-current={index + 1 === current ? "step" : undefined}
          fontWeight={index + 1 === current ? "semibold" : "normal"}
          color={index + 1 <= current ? "fg" : "fg.muted"}
        >
          {index + 1}. {label}
        </Box>
      ))}
    </HStack>
  );
}

/** The builder's lists: how many fields a row has, the words of its buttons, and a new row's values. */
const builderLists = {
  values: {
    columns: 3,
    remove: "removeValue",
    add: "addValue",
    newRow: { description: "", countField: "", countAggregationFunction: "COUNT" },
  },
  sorting: { columns: 2, remove: "removeSort", add: "addSort", newRow: { field: "", direction: "asc" } },
  filters: {
    columns: 4,
    remove: "removeFilter",
    add: "addFilter",
    newRow: { field: "", operation: "=", paramValue: "" },
  },
} as const;

/** The question before Reset throws away what was entered (spec §4: Reset clears everything). */
function ResetDialog({ source, cancel }: { source: object | null; cancel: { to: string } | { form: string } }) {
  const { t } = useTranslation();
  const [closedFor, setClosedFor] = useState<object | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (source !== null && closedFor === source) return null;
  const close = () => setClosedFor(source);
  return (
    <AlertDialog
      title={t("dashboardSettings.builder.resetTitle")}
      text={t("dashboardSettings.builder.resetText")}
      onClose={() => "form" in cancel && close()}
      testId="confirm-reset"
      footer={
        <>
          {"to" in cancel ? (
            <Button asChild variant="outline">
              <Link to={cancel.to}>{t("common.cancel")}</Link>
            </Button>
          ) : hydrated ? (
            <Button variant="outline" onClick={close}>
              {t("common.cancel")}
            </Button>
          ) : (
            <Button type="submit" form={cancel.form} name="intent" value="dismiss" formNoValidate variant="outline">
              {t("common.cancel")}
            </Button>
          )}
          <Button asChild colorPalette="red">
            <Link to={builderUrl()} autoFocus>
              {t("dashboardSettings.builder.reset")}
            </Link>
          </Button>
        </>
      }
    />
  );
}

/** The builder's hidden choices, carried by the GET forms of its first steps. */
function Carried({ builder, keep }: { builder: BuilderState; keep: Record<string, string | null | undefined> }) {
  return (
    <>
      <input type="hidden" name="builder" value={builder.widget ? "edit" : "new"} />
      {builder.widget && <input type="hidden" name="id" value={builder.widget.uuid} />}
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}

function currentParams(builder: BuilderState): Record<string, string> {
  const params: Record<string, string> = {};
  if (builder.type) params.type = builder.type;
  if (builder.datasourceUuidKey) params.datasource = builder.datasourceUuidKey;
  return params;
}

/** Step 1: the widget's type, as radio buttons of a plain GET form. */
function TypeStep({ builder }: { builder: BuilderState }) {
  const { t } = useTranslation();
  const chosen = builder.type ?? builder.widget?.widgetConfiguration.type ?? null;
  return (
    <Form method="get" action={WIDGETS_PATH} data-testid="type-step">
      <Carried builder={builder} keep={{ datasource: builder.datasourceUuidKey }} />
      <Fieldset.Root>
        <Fieldset.Legend>{t("dashboardSettings.builder.chooseType")}</Fieldset.Legend>
        <Fieldset.Content>
          <Stack gap="2">
            {widgetTypes.map((type) => (
              <CheckLabel key={type}>
                <input type="radio" name="type" value={type} defaultChecked={chosen === type} required />
                {t(`dashboardSettings.types.${type}`)}
              </CheckLabel>
            ))}
          </Stack>
        </Fieldset.Content>
      </Fieldset.Root>
      <HStack mt="4" gap="2">
        <Button type="submit" colorPalette="teal">
          {t("dashboardSettings.builder.next")}
        </Button>
      </HStack>
    </Form>
  );
}

/** Step 2: the data source, a select of a plain GET form (`datasource?size=200`). */
function SourceStep({ builder }: { builder: BuilderState }) {
  const { t } = useTranslation();
  const chosen = builder.widget?.widgetConfiguration.datasourceUuidKey ?? "";
  if (builder.datasources === null || builder.datasources.length === 0) {
    return (
      <EmptyState
        title={t("dashboardSettings.builder.noSourcesTitle")}
        description={
          builder.datasources === null
            ? t("dashboardSettings.builder.sourcesUnavailable")
            : t("dashboardSettings.builder.noSourcesText")
        }
      />
    );
  }
  return (
    <Form method="get" action={WIDGETS_PATH} data-testid="source-step">
      <Carried builder={builder} keep={{ type: builder.type }} />
      <Stack gap="2" maxW="md">
        <label htmlFor="builder-datasource">
          <Text fontWeight="semibold">{t("dashboardSettings.builder.chooseSource")}</Text>
        </label>
        <OptionSelect
          id="builder-datasource"
          name="datasource"
          defaultValue={chosen}
          options={builder.datasources.map((source) => ({ value: source.uuid, label: source.name }))}
          empty={t("dashboardSettings.builder.choose")}
        />
      </Stack>
      <HStack mt="4" gap="2">
        <ButtonLink to={builderUrl(builder.widget?.uuid, { ...currentParams(builder), change: "type" })}>
          {t("dashboardSettings.builder.back")}
        </ButtonLink>
        <Button type="submit" colorPalette="teal">
          {t("dashboardSettings.builder.next")}
        </Button>
      </HStack>
    </Form>
  );
}

/** A removable row of a list in the form: its fields, then its Remove button (a plain submit without JavaScript). */
function Row({ children, remove, columns }: { children: ReactNode; remove: ReactNode; columns: number }) {
  return (
    <HStack align="flex-end" gap="3" borderBottomWidth="1px" pb="3">
      <SimpleGrid flex="1" columns={{ base: 1, md: columns }} gap="3" alignItems="end">
        {children}
      </SimpleGrid>
      {remove}
    </HStack>
  );
}

/** A link to an earlier step, which starts that step anew. */
function StepLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild color="teal.fg" ms="1">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

interface WidgetBuilderProps {
  builder: BuilderState;
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's preview of the form as it is (isPreviewing). */
  preview?: WidgetPreview;
  /** The action's answer that asked Reset with something entered, so the question shows over the form. */
  confirmReset: object | null;
}

/** Step 3 and 4: the columns, filters and names of the widget in one Conform form, with Preview, Save and Reset. */
function ColumnsStep({ builder, lastResult, confirmReset, preview }: WidgetBuilderProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const messageText = useMessageText();
  const type = builder.type ?? "KPI";
  const datasource = builder.datasourceUuidKey ?? "";
  const [form, fields] = useSchemaForm(widgetInputSchema, {
    id: WIDGET_FORM_ID,
    lastResult,
    defaultValue: widgetDefaults(type, datasource, builder.widget),
    // Not on blur: a message appearing as a field is left would move the buttons under the pointer mid-click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    parse: parseWidgetForm,
  });
  const config = fields.widgetConfiguration.getFieldset();
  const kpi = fields.singleNumberConfiguration.getFieldset();
  const chart = fields.countLabelConfiguration.getFieldset();
  // A data source that joins entities may have two "City" fields: each is named with its entity then.
  const joined = new Set(builder.fields.map((column) => `${column.schemaName}.${column.tableName}`)).size > 1;
  const fieldLabel = (column: ResultColumn) => columnLabel(column, language, joined);
  const options = (columns: ResultColumn[]) => columns.map((c) => ({ value: c.key, label: fieldLabel(c) }));
  // A Query field is computed per row: a widget can neither group, count, sort nor filter by it.
  const usable = builder.fields.filter((column) => column.type !== "Query");
  const all = options(usable);
  const typeOf = (column: ResultColumn) => (column.type in operationsByType ? (column.type as FieldType) : undefined);
  const sortable = options(usable.filter((column) => isSortable(typeOf(column) ?? "Query")));
  // COUNT counts any field's values; the other aggregates need numbers.
  const numeric = options(usable.filter((column) => column.type === "Number" || column.type === "Percent"));
  const measuredBy = (aggregate: string | undefined) => (!aggregate || aggregate === "COUNT" ? all : numeric);
  /** The operations that fit a filter's field (all of them until one is chosen). */
  const operationsFor = (key: string | undefined) => {
    const column = usable.find((candidate) => candidate.key === key);
    const type = column && typeOf(column);
    return (type ? operationsByType[type] : filterOperations).map((op) => ({
      value: op,
      label: t(`advancedSearch.operations.${operationKeys[op]}`),
    }));
  };
  /** A select of the data source's fields, none chosen at first: what a chart labels by, a sort or a filter. */
  const fieldSelect = (meta: Meta, label: string, choices: typeof all) => (
    <Select meta={meta} label={label} options={choices} empty={t("dashboardSettings.builder.choose")} />
  );
  const aggregates = aggregationFunctions.map((fn) => ({ value: fn, label: t(aggregationKeys[fn]) }));
  const dateFields = builder.fields.filter((c) => DATE_TYPES.includes(c.type));
  const action = builderUrl(builder.widget?.uuid, currentParams(builder));
  const customizable = getCollectionProps(config.customizableFilterFields, {
    type: "checkbox",
    options: usable.map((c) => c.key),
  });
  /**
   * One of the builder's lists: its rows, numbered from 1, each with a Remove button that names it, then what goes
   * `between` (the list's errors) and the button that adds a row. Without JavaScript both buttons are submits that
   * come back with the row removed or added.
   */
  const rowList = <Fieldset,>(
    list: {
      name: FieldName<Record<string, unknown>[] | undefined>;
      getFieldList: () => { key?: string; getFieldset: () => Fieldset }[];
    },
    kind: keyof typeof builderLists,
    cells: (row: Fieldset, number: number) => ReactNode,
    between?: ReactNode,
  ) => {
    const { columns, remove, add, newRow } = builderLists[kind];
    return (
      <>
        {list.getFieldList().map((item, index) => (
          <Row
            columns={columns}
            key={item.key}
            remove={
              <Button
                {...form.remove.getButtonProps({ name: list.name, index })}
                type="submit"
                size="sm"
                variant="outline"
                aria-label={t(`dashboardSettings.builder.${remove}`, { number: index + 1 })}
              >
                {t("dashboardSettings.builder.remove")}
              </Button>
            }
          >
            {cells(item.getFieldset(), index + 1)}
          </Row>
        ))}
        {between}
        <HStack>
          <Button
            {...form.insert.getButtonProps({ name: list.name, defaultValue: newRow })}
            type="submit"
            size="sm"
            variant="outline"
          >
            {t(`dashboardSettings.builder.${add}`)}
          </Button>
        </HStack>
      </>
    );
  };
  const source = builder.sourceName;
  return (
    <Stack gap="5">
      <HStack gap="4" wrap="wrap" fontSize="sm" data-testid="builder-summary">
        <Text>
          {t("dashboardSettings.builder.typeIs", { type: t(`dashboardSettings.types.${type}`) })}{" "}
          <StepLink to={builderUrl(builder.widget?.uuid, { ...currentParams(builder), change: "type" })}>
            {t("dashboardSettings.builder.change")}
          </StepLink>
        </Text>
        <Text>
          {source
            ? t("dashboardSettings.builder.sourceIs", { name: source })
            : t("dashboardSettings.builder.sourceChosen")}{" "}
          <StepLink to={builderUrl(builder.widget?.uuid, { ...currentParams(builder), change: "source" })}>
            {t("dashboardSettings.builder.change")}
          </StepLink>
        </Text>
      </HStack>
      <Form method="post" action={action} {...getFormProps(form)} noValidate>
        <input {...getInputProps(config.type, { type: "hidden" })} key={config.type.key} />
        <input {...getInputProps(config.datasourceUuidKey, { type: "hidden" })} key={config.datasourceUuidKey.key} />
        <Stack gap="5">
          <FormErrors form={form} />
          <HStack gap="4" align="flex-start" wrap="wrap">
            <Box flex="1" minW="60">
              <FormField meta={fields.name} label={t("dashboardSettings.builder.name")}>
                <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
              </FormField>
            </Box>
            <Box flex="2" minW="60">
              <FormField meta={fields.description} label={t("dashboardSettings.builder.description")}>
                <Input {...getInputProps(fields.description, { type: "text" })} key={fields.description.key} />
              </FormField>
            </Box>
          </HStack>

          {type === "KPI" && (
            <Fieldset.Root data-testid="kpi-columns">
              <Fieldset.Legend>{t("dashboardSettings.builder.kpiLegend")}</Fieldset.Legend>
              <HStack gap="4" align="flex-start" wrap="wrap">
                <Select
                  meta={kpi.aggregationFunction}
                  label={t("dashboardSettings.builder.aggregate")}
                  options={aggregates}
                  empty={t("dashboardSettings.builder.choose")}
                />
                <Select
                  meta={kpi.field}
                  label={t("dashboardSettings.builder.field")}
                  options={measuredBy(kpi.aggregationFunction.value)}
                  empty={t("dashboardSettings.builder.countRows")}
                />
              </HStack>
            </Fieldset.Root>
          )}

          {isChartType(type) && (
            <Fieldset.Root data-testid="chart-columns">
              <Fieldset.Legend>{t("dashboardSettings.builder.chartLegend")}</Fieldset.Legend>
              <Stack gap="3">
                <HStack gap="4" align="flex-start" wrap="wrap">
                  {fieldSelect(chart.labelField, t("dashboardSettings.builder.labelField"), all)}
                  {dateFields.length > 0 && (
                    <Select
                      meta={fields.groupBy}
                      label={t("dashboardSettings.builder.groupBy")}
                      options={dateGroupings.map((g) => ({ value: g, label: t(`dashboardSettings.groupings.${g}`) }))}
                      empty={t("dashboardSettings.builder.noGrouping")}
                    />
                  )}
                  <FormField meta={chart.description} label={t("dashboardSettings.builder.valuesTitle")}>
                    <Input
                      {...getInputProps(chart.description, { type: "text" })}
                      key={chart.description.key}
                      size="sm"
                    />
                  </FormField>
                </HStack>
                {dateFields.length > 0 && (
                  <Text fontSize="xs" color="fg.muted">
                    {t("dashboardSettings.builder.groupByHint")}
                  </Text>
                )}
                <Text fontWeight="semibold" fontSize="sm">
                  {t("dashboardSettings.builder.values")}
                </Text>
                {rowList(
                  chart.countConfigurations,
                  "values",
                  (row, number) => (
                    <>
                      <FormField meta={row.description} label={t("dashboardSettings.builder.valueName", { number })}>
                        <Input
                          {...getInputProps(row.description, { type: "text" })}
                          key={row.description.key}
                          size="sm"
                        />
                      </FormField>
                      <Select
                        meta={row.countField}
                        label={t("dashboardSettings.builder.valueField", { number })}
                        options={measuredBy(row.countAggregationFunction.value)}
                        empty={t("dashboardSettings.builder.countRows")}
                      />
                      <Select
                        meta={row.countAggregationFunction}
                        label={t("dashboardSettings.builder.valueAggregate", { number })}
                        options={aggregates}
                      />
                    </>
                  ),
                  <Text color="fg.error" fontSize="sm" id={chart.countConfigurations.errorId}>
                    {chart.countConfigurations.errors?.map(messageText).join(" ")}
                  </Text>,
                )}
              </Stack>
            </Fieldset.Root>
          )}

          {type === "TABLE" && (
            <Fieldset.Root data-testid="table-columns">
              <Fieldset.Legend>{t("dashboardSettings.builder.sortingLegend")}</Fieldset.Legend>
              <Stack gap="3">
                <Text fontSize="xs" color="fg.muted">
                  {t("dashboardSettings.builder.tableHint")}
                </Text>
                {rowList(fields.tableSorting, "sorting", (row, number) => (
                  <>
                    {fieldSelect(row.field, t("dashboardSettings.builder.sortField", { number }), sortable)}
                    <Select
                      meta={row.direction}
                      label={t("dashboardSettings.builder.sortDirection", { number })}
                      options={sortDirections.map((d) => ({
                        value: d,
                        label: t(`dashboardSettings.directions.${d}`),
                      }))}
                    />
                  </>
                ))}
              </Stack>
            </Fieldset.Root>
          )}

          <Fieldset.Root data-testid="filters">
            <Fieldset.Legend>{t("dashboardSettings.builder.filtersLegend")}</Fieldset.Legend>
            <Stack gap="3">
              {rowList(config.filters, "filters", (row, number) => (
                <>
                  {fieldSelect(row.field, t("dashboardSettings.builder.filterField", { number }), all)}
                  <Select
                    meta={row.operation}
                    label={t("dashboardSettings.builder.filterOperation", { number })}
                    options={operationsFor(row.field.value)}
                  />
                  <FormField meta={row.paramValue} label={t("dashboardSettings.builder.filterValue", { number })}>
                    <Input {...getInputProps(row.paramValue, { type: "text" })} key={row.paramValue.key} size="sm" />
                  </FormField>
                  <Stack gap="1">
                    <CheckField meta={row.isParamUserField} label={t("dashboardSettings.builder.currentUser")} />
                    <CheckField
                      meta={row.isParamUserAccessible}
                      label={t("dashboardSettings.builder.viewerMayChange")}
                    />
                  </Stack>
                </>
              ))}
              {usable.length > 0 && (
                <Fieldset.Root>
                  <Fieldset.Legend fontSize="sm">{t("dashboardSettings.builder.customizable")}</Fieldset.Legend>
                  <Fieldset.HelperText>{t("dashboardSettings.builder.customizableHint")}</Fieldset.HelperText>
                  <HStack gap="4" wrap="wrap" key={config.customizableFilterFields.key}>
                    {customizable.map(({ key, ...props }, index) => (
                      <CheckLabel key={key}>
                        <input {...props} />
                        {usable[index] ? fieldLabel(usable[index]) : null}
                      </CheckLabel>
                    ))}
                  </HStack>
                  <Text color="fg.error" fontSize="sm" id={config.customizableFilterFields.errorId}>
                    {config.customizableFilterFields.errors?.map(messageText).join(" ")}
                  </Text>
                </Fieldset.Root>
              )}
            </Stack>
          </Fieldset.Root>

          <HStack gap="2" wrap="wrap">
            <SubmitButton intent="preview" variant="outline" colorPalette="teal">
              {t("dashboardSettings.builder.preview")}
            </SubmitButton>
            <SubmitButton intent="save">{t("common.save")}</SubmitButton>
            <Button type="submit" name="intent" value="reset" formNoValidate variant="ghost" colorPalette="red">
              {t("dashboardSettings.builder.reset")}
            </Button>
            <ButtonLink to={WIDGETS_PATH}>{t("common.cancel")}</ButtonLink>
          </HStack>
        </Stack>
      </Form>
      {preview && (
        <Box borderWidth="1px" borderRadius="md" p="4" data-testid="widget-preview">
          <Text fontWeight="semibold" mb="3">
            {t("dashboardSettings.builder.previewOf", {
              name: builder.widget?.name || t(`dashboardSettings.types.${type}`),
            })}
          </Text>
          {preview.data ? (
            <WidgetView data={preview.data} title={builder.widget?.name ?? ""} size="md" />
          ) : (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{messageText(preview.error ?? "")}</Alert.Title>
            </Alert.Root>
          )}
        </Box>
      )}
      {confirmReset && <ResetDialog source={confirmReset} cancel={{ form: WIDGET_FORM_ID }} />}
    </Stack>
  );
}

/**
 * The widget builder (spec §4): no type, then a type, then a data source, then its columns; Preview shows the form's
 * widget computed without saving it (isPreviewing), and a saved widget has its id (isSaved). Each step works without JavaScript: the first two
 * are GET forms whose choices are in the URL, the last is one posted form whose rows are added and removed by
 * Conform's intents. Reset asks first when something was entered, then starts anew.
 */
export function WidgetBuilder({ builder, lastResult, confirmReset, preview }: WidgetBuilderProps) {
  const { t } = useTranslation();
  const current = builder.step === "type" ? 1 : builder.step === "source" ? 2 : preview ? 4 : 3;
  const here = builderUrl(builder.widget?.uuid, currentParams(builder));
  return (
    <Stack gap="5" data-testid="widget-builder">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="2">
          <Text fontWeight="semibold" fontSize="lg">
            {builder.widget
              ? t("dashboardSettings.builder.editTitle", {
                  name: builder.widget.name || builder.widget.widgetConfiguration.type,
                })
              : t("dashboardSettings.builder.newTitle")}
          </Text>
          {builder.widget && (
            <Badge colorPalette="teal" data-testid="saved-badge">
              {t("dashboardSettings.builder.saved")}
            </Badge>
          )}
        </HStack>
        {builder.step !== "columns" && (
          <HStack gap="2">
            <ButtonLink
              to={
                builder.type
                  ? builderUrl(builder.widget?.uuid, { ...currentParams(builder), confirm: "reset" })
                  : builderUrl()
              }
            >
              {t("dashboardSettings.builder.reset")}
            </ButtonLink>
            <ButtonLink to={WIDGETS_PATH}>{t("common.cancel")}</ButtonLink>
          </HStack>
        )}
      </HStack>
      <Steps current={current} />
      {builder.step === "type" && <TypeStep builder={builder} />}
      {builder.step === "source" && <SourceStep builder={builder} />}
      {builder.step === "columns" && (
        <ColumnsStep
          // Another type or data source is another form.
          key={`${builder.type}:${builder.datasourceUuidKey}`}
          builder={builder}
          lastResult={lastResult}
          preview={preview}
          confirmReset={confirmReset}
        />
      )}
      {builder.confirmReset && <ResetDialog source={null} cancel={{ to: here }} />}
    </Stack>
  );
}
