import { Stack, Text } from "@chakra-ui/react";
import type { SubmissionResult } from "@conform-to/react";
import { CheckLabel } from "../../components/check-label.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { QUERY_EXPORT_FORM_ID, queryExportFormSchema } from "./query-export-form.ts";

/** Export of a query's whole result, as the record lists' export: the file is made in the background. */
export function QueryExportPanel({
  name,
  action,
  closeTo,
  lastResult,
}: {
  name: string;
  action: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(queryExportFormSchema, {
    shouldValidate: "onSubmit",
    id: QUERY_EXPORT_FORM_ID,
    lastResult,
    defaultValue: { format: "xlsx" },
  });
  const format = fields.format;
  return (
    <FormPanel
      title={t("advancedSearch.runPage.exportTitle", { name })}
      closeTo={closeTo}
      testId="export-panel"
      form={form}
      action={action}
      saveLabel={t("bulk.exports.export")}
      intent="export"
    >
      <Stack gap="5">
        <Stack as="fieldset" gap="2">
          <Text as="legend" fontWeight="medium" mb="2">
            {t("bulk.exports.format")}
          </Text>
          {(["xlsx", "csv"] as const).map((value) => (
            <CheckLabel key={`${format.key}-${value}`}>
              <input type="radio" name={format.name} value={value} defaultChecked={format.initialValue === value} />
              {t(value === "xlsx" ? "bulk.exports.formatXlsx" : "bulk.exports.formatCsv")}
            </CheckLabel>
          ))}
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {t("bulk.exports.panelHint")}
        </Text>
      </Stack>
    </FormPanel>
  );
}

export default QueryExportPanel;
