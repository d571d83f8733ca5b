import { Stack, Text } from "@chakra-ui/react";
import type { SubmissionResult } from "@conform-to/react";
import { CheckLabel } from "../../components/check-label.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { EXPORT_FORM_ID, type ExportForm, exportFormSchema } from "./export-form.ts";

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
  const choice = (name: "scope" | "fields" | "format", legend: string, options: { value: string; label: string }[]) => {
    const meta = fields[name];
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
  };
  return (
    <FormPanel
      title={t("bulk.exports.panelTitle", { entities })}
      closeTo={closeTo}
      testId="export-panel"
      form={form}
      action={action}
      saveLabel={t("bulk.exports.export")}
      intent="export"
    >
      <Stack gap="5">
        {choice("scope", t("bulk.exports.scope"), [
          {
            value: "listed",
            label: listed.exact
              ? t("bulk.exports.scopeListed", { count: listed.total, records: count })
              : t("bulk.exports.scopeListedMore", { records: count }),
          },
          { value: "all", label: t("bulk.exports.scopeAll", { entities }) },
        ])}
        {choice("fields", t("bulk.exports.fields"), [
          { value: "all", label: t("bulk.exports.fieldsAll") },
          { value: "visible", label: t("bulk.exports.fieldsVisible", { columns: columns.join(", ") }) },
        ])}
        {choice("format", t("bulk.exports.format"), [
          { value: "xlsx", label: t("bulk.exports.formatXlsx") },
          { value: "csv", label: t("bulk.exports.formatCsv") },
        ])}
        <Text fontSize="sm" color="fg.muted">
          {t("bulk.exports.panelHint")}
        </Text>
      </Stack>
    </FormPanel>
  );
}

export default ExportPanel;
