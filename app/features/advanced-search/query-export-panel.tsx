import type { SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { ExportFormPanel, FormatChoice } from "../bulk-data/export-panel.tsx";
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
  return (
    <ExportFormPanel
      title={t("advancedSearch.runPage.exportTitle", { name })}
      form={form}
      action={action}
      closeTo={closeTo}
    >
      <FormatChoice meta={fields.format} />
    </ExportFormPanel>
  );
}

export default QueryExportPanel;
