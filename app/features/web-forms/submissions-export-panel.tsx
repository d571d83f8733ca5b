import { Text } from "@chakra-ui/react";
import type { SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { ExportFormPanel, FormatChoice } from "../bulk-data/export-panel.tsx";
import { submissionsExportSchema } from "./submission-merge-form.ts";

/**
 * Export of a form's submissions: the file's format. The file is written in the background and listed under Exports,
 * as a record list's export is.
 */
export function SubmissionsExportPanel({
  action,
  closeTo,
  lastResult,
}: {
  action: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(submissionsExportSchema, {
    shouldValidate: "onSubmit",
    id: "submissions-export-form",
    lastResult,
    defaultValue: { format: "xlsx" },
  });
  return (
    <ExportFormPanel title={t("webForms.submissions.exportTitle")} form={form} action={action} closeTo={closeTo}>
      <FormatChoice meta={fields.format} />
      <Text fontSize="sm">{t("webForms.submissions.exportHint")}</Text>
    </ExportFormPanel>
  );
}
