import { Stack, Text } from "@chakra-ui/react";
import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { CheckLabel } from "../../components/check-label.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { EXPORT_FORM_ID, type ExportForm, exportFormSchema } from "./export-form.ts";

/** One choice of an export as radio buttons under its legend, the form's value checked. */
function ExportChoice({
  meta,
  legend,
  options,
}: {
  meta: FieldMetadata<string | undefined>;
  legend: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Stack as="fieldset" gap="2">
      <Text as="legend" fontWeight="medium" mb="2">
        {legend}
      </Text>
      {options.map((option) => (
        <CheckLabel key={option.value}>
          <input
            type="radio"
            name={meta.name}
            value={option.value}
            defaultChecked={meta.initialValue === option.value}
            key={`${meta.key}-${option.value}`}
          />
          {option.label}
        </CheckLabel>
      ))}
    </Stack>
  );
}

/** The file's format: a workbook or a CSV file. */
export function FormatChoice({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation();
  return (
    <ExportChoice
      meta={meta}
      legend={t("bulk.exports.format")}
      options={[
        { value: "xlsx", label: t("bulk.exports.formatXlsx") },
        { value: "csv", label: t("bulk.exports.formatCsv") },
      ]}
    />
  );
}

/**
 * The side panel of an export: its choices, then that the file is made in the background. A record list's export and
 * a query's both show it.
 */
export function ExportFormPanel({
  children,
  ...panel
}: {
  title: string;
  form: FormMetadata<any, string[]>;
  action: string;
  closeTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormPanel {...panel} testId="export-panel" saveLabel={t("bulk.exports.export")} intent="export">
      <Stack gap="5">
        {children}
        <Text fontSize="sm" color="fg.muted">
          {t("bulk.exports.panelHint")}
        </Text>
      </Stack>
    </FormPanel>
  );
}

export interface ExportPanelProps {
  /** The list's plural name ("companies"). */
  entities: string;
  /** How many records the list finds now, and whether that is exact. */
  listed: { total: number; exact: boolean };
  /** Whether the list is searched or filtered, so that "as listed" differs from "all". */
  filtered: boolean;
  /** The list's columns, by name. */
  columns: string[];
  /** The list's address with the panel: where the form posts, so the action reads the list's query. */
  action: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
}

/**
 * Export from a record list: the records (all, or as the list shows them now, with how many), the fields (all, or the
 * list's columns) and the format. The file is written in the background and listed under Exports.
 */
export function ExportPanel({ entities, listed, filtered, columns, action, closeTo, lastResult }: ExportPanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form, fields] = useSchemaForm(exportFormSchema, {
    shouldValidate: "onSubmit",
    id: EXPORT_FORM_ID,
    lastResult,
    defaultValue: { scope: filtered ? "listed" : "all", fields: "all", format: "xlsx" } satisfies ExportForm,
  });
  const count = formatNumber(listed.total, language);
  return (
    <ExportFormPanel title={t("bulk.exports.panelTitle", { entities })} form={form} action={action} closeTo={closeTo}>
      <ExportChoice
        meta={fields.scope}
        legend={t("bulk.exports.scope")}
        options={[
          {
            value: "listed",
            label: listed.exact
              ? t("bulk.exports.scopeListed", { count: listed.total, records: count })
              : t("bulk.exports.scopeListedMore", { records: count }),
          },
          { value: "all", label: t("bulk.exports.scopeAll", { entities }) },
        ]}
      />
      <ExportChoice
        meta={fields.fields}
        legend={t("bulk.exports.fields")}
        options={[
          { value: "all", label: t("bulk.exports.fieldsAll") },
          { value: "visible", label: t("bulk.exports.fieldsVisible", { columns: columns.join(", ") }) },
        ]}
      />
      <FormatChoice meta={fields.format} />
    </ExportFormPanel>
  );
}

export default ExportPanel;
