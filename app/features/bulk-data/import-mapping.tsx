import { Alert, Box, Card, Field, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { type ImportDetail, importModes, MATCH_BY_ID } from "../../../server/contract/bulk-data.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { CheckLabel } from "../../components/check-label.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { FormErrors, SubmitButton } from "../../components/form-field.tsx";
import { OptionSelect } from "../../components/option-select.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { importMappingSchema } from "./import-forms.ts";

export const MAPPING_FORM_ID = "import-mapping";

/** A record's id as a column or match field: the same word in both languages. */
const ID_LABEL = "ID";

type Column = ImportDetail["columns"][number];
type PreviewRow = ImportDetail["preview"][number];

/** A field's name in the page's language; a record's id reads "ID". */
export function useFieldName(fields: ImportDetail["fields"]): (key: string) => string {
  const language = useLanguage();
  return (key) => {
    if (key === MATCH_BY_ID) return ID_LABEL;
    // Custom fields' errors are named as the record API names them.
    const bare = key.replace(/^customFields\./, "");
    const field = fields.find((candidate) => candidate.key === bare);
    if (!field) return key;
    return language === "nb" ? field.labelNb : field.labelEn;
  };
}

/**
 * While an import is being mapped: per column of the file the field it fills (or "Do not import"), the required fields
 * no column fills yet, the mode and the field that finds the records to update, and the first rows with what would
 * refuse them. Check saves the mapping and checks the whole file with it; once it is checked, Start import starts it.
 */
export function ImportMapping({
  detail,
  lastResult,
  discardTo,
  canChange,
  checked,
}: {
  detail: ImportDetail;
  lastResult?: SubmissionResult<string[]>;
  discardTo: string;
  canChange: boolean;
  /** Whether the whole file has been checked with the saved mapping: the import can start. */
  checked: boolean;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const fieldName = useFieldName(detail.fields);
  const schema = importMappingSchema(detail);
  const item = detail.import;
  const [form, fields] = useSchemaForm(schema, {
    id: MAPPING_FORM_ID,
    lastResult,
    defaultValue: {
      mapping: detail.columns.map((column) => column.fieldKey ?? ""),
      mode: item.mode,
      matchField: item.matchField ?? "",
    },
  });
  const columnFields = fields.mapping.getFieldList();
  const mapped = new Set(columnFields.map((meta) => meta.value).filter((key): key is string => Boolean(key)));
  const unmappedRequired = detail.fields.filter((field) => field.required && !mapped.has(field.key));
  const byId = detail.matchFields.includes(MATCH_BY_ID);
  const fieldOptions = [
    ...detail.fields.map((field) => ({
      value: field.key,
      label: field.required ? `${fieldName(field.key)} *` : fieldName(field.key),
    })),
    ...(byId && !detail.fields.some((field) => field.key === MATCH_BY_ID)
      ? [{ value: MATCH_BY_ID, label: ID_LABEL }]
      : []),
  ];
  const sample = detail.preview[0];
  const mode = fields.mode;
  return (
    <Stack gap="5">
      <Form method="post" {...getFormProps(form)} noValidate>
        <Stack gap="5">
          <FormErrors form={form} testId="mapping-error" />
          <Card.Root size="sm">
            <Card.Header>
              <Card.Title as="h2">{t("bulk.imports.columnsTitle")}</Card.Title>
              <Card.Description>{t("bulk.imports.columnsText")}</Card.Description>
            </Card.Header>
            <Card.Body gap="3">
              <Box data-testid="mapping">
                <DataTable<Column>
                  rows={detail.columns}
                  rowKey={(column) => String(column.index)}
                  empty={t("bulk.imports.noColumns")}
                  columns={[
                    {
                      key: "header",
                      header: t("bulk.imports.column"),
                      kind: "primary",
                      cell: (column) => column.header || t("bulk.imports.columnNumber", { number: column.index + 1 }),
                    },
                    {
                      key: "field",
                      header: t("bulk.imports.field"),
                      cell: (column) => {
                        const meta = columnFields[column.index];
                        if (!meta) return null;
                        return (
                          <Field.Root invalid={Boolean(meta.errors?.length)} minW="48">
                            <OptionSelect
                              {...getSelectProps(meta)}
                              key={meta.key}
                              size="sm"
                              aria-label={t("bulk.imports.fieldFor", { column: column.header })}
                              options={fieldOptions}
                              empty={t("bulk.imports.doNotImport")}
                            />
                            <Field.ErrorText id={meta.errorId}>
                              {meta.errors?.map(messageText).join(" ")}
                            </Field.ErrorText>
                          </Field.Root>
                        );
                      },
                    },
                    {
                      key: "sample",
                      header: t("bulk.imports.firstRow"),
                      cell: (column) => <Text color="fg.muted">{sample?.cells[column.index] ?? ""}</Text>,
                    },
                  ]}
                />
              </Box>
              <Text fontSize="sm" color="fg.muted">
                {t("bulk.imports.requiredMark")}
              </Text>
              {unmappedRequired.length > 0 && (
                <Alert.Root status="warning" size="sm" data-testid="unmapped-required">
                  <Alert.Indicator />
                  <Alert.Title>
                    {t("bulk.imports.requiredNotMapped", {
                      fields: unmappedRequired.map((field) => fieldName(field.key)).join(", "),
                    })}
                  </Alert.Title>
                </Alert.Root>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Card.Title as="h2">{t("bulk.imports.modeTitle")}</Card.Title>
            </Card.Header>
            <Card.Body>
              {/* The match field matters only when records are updated: hidden for "create", with or without script. */}
              <Stack
                gap="4"
                css={{ "&:has(input[name='mode'][value='create']:checked) [data-match-field]": { display: "none" } }}
              >
                <Stack as="fieldset" gap="2" aria-describedby={mode.errors ? mode.errorId : undefined}>
                  <Text as="legend" fontWeight="medium" mb="2">
                    {t("bulk.imports.mode")}
                  </Text>
                  {importModes.map((value) => (
                    <CheckLabel key={value}>
                      <input
                        type="radio"
                        name={mode.name}
                        value={value}
                        defaultChecked={(mode.initialValue ?? item.mode) === value}
                        key={`${mode.key}-${value}`}
                      />
                      {t(`bulk.modes.${value}`)}
                    </CheckLabel>
                  ))}
                </Stack>
                <Box data-match-field="">
                  <Field.Root invalid={Boolean(fields.matchField.errors?.length)} maxW="sm">
                    <Field.Label>{t("bulk.imports.matchField")}</Field.Label>
                    <OptionSelect
                      {...getSelectProps(fields.matchField)}
                      key={fields.matchField.key}
                      options={detail.matchFields.map((key) => ({ value: key, label: fieldName(key) }))}
                      empty={t("bulk.imports.chooseMatchField")}
                    />
                    <Field.HelperText>{t("bulk.imports.matchFieldHint")}</Field.HelperText>
                    <Field.ErrorText id={fields.matchField.errorId}>
                      {fields.matchField.errors?.map(messageText).join(" ")}
                    </Field.ErrorText>
                  </Field.Root>
                </Box>
              </Stack>
            </Card.Body>
          </Card.Root>
          {canChange && (
            <Stack gap="3">
              {!checked && <Text color="fg.muted">{t("bulk.imports.checkHint")}</Text>}
              <HStack gap="3" wrap="wrap">
                {checked ? (
                  <>
                    <SubmitButton intent="start">{t("bulk.imports.start")}</SubmitButton>
                    <SubmitButton intent="check" variant="outline" colorPalette="gray">
                      {t("bulk.imports.checkAgain")}
                    </SubmitButton>
                  </>
                ) : (
                  <SubmitButton intent="check">{t("bulk.imports.check")}</SubmitButton>
                )}
                <ButtonLink variant="danger" to={discardTo}>
                  {t("bulk.imports.discard")}
                </ButtonLink>
              </HStack>
            </Stack>
          )}
        </Stack>
      </Form>
      <ImportPreview detail={detail} fieldName={fieldName} />
    </Stack>
  );
}

/** The first rows of the file as the saved mapping reads them, each with what would refuse it. */
function ImportPreview({ detail, fieldName }: { detail: ImportDetail; fieldName: (key: string) => string }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (
    <Stack as="section" gap="3" aria-labelledby="import-preview" data-testid="import-preview">
      <Heading as="h2" size="md" id="import-preview">
        {t("bulk.imports.previewTitle")}
      </Heading>
      <Text color="fg.muted">{t("bulk.imports.previewText")}</Text>
      <DataTable<PreviewRow>
        rows={detail.preview}
        rowKey={(row) => String(row.rowNumber)}
        rowTone={(row) => (row.errors.length > 0 ? "danger" : undefined)}
        empty={t("bulk.imports.noPreview")}
        columns={[
          { key: "row", header: t("bulk.imports.row"), cell: (row) => row.rowNumber },
          ...detail.columns.map((column) => ({
            key: `column-${column.index}`,
            header: column.header,
            cell: (row: PreviewRow) => row.cells[column.index] ?? "",
          })),
          {
            key: "errors",
            header: t("bulk.imports.problems"),
            cell: (row: PreviewRow) =>
              row.errors.length === 0 ? (
                <Text color="fg.muted">{t("bulk.imports.rowOk")}</Text>
              ) : (
                <Text color="fg.error" data-testid="preview-error">
                  {row.errors.map((error) => `${fieldName(error.field)}: ${messageText(error.message)}`).join("; ")}
                </Text>
              ),
          },
        ]}
      />
    </Stack>
  );
}
