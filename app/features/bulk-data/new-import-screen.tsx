import { Button, Card, Field, HStack, Stack, Text } from "@chakra-ui/react";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useSubmit } from "react-router";
import { ButtonLink } from "../../components/button-link.tsx";
import { FileInput } from "../../components/file-input.tsx";
import { megabyteRule } from "../../components/file-rules.ts";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { OptionSelect } from "../../components/option-select.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { type EntityOption, entityLabel } from "./entities.ts";
import { IMPORT_ACCEPT, importUploadSchema } from "./import-forms.ts";
import { newImportUrl, templateUrl } from "./urls.ts";

export interface NewImportProps {
  entities: EntityOption[];
  entity: string;
  maxImportMb: number;
  lastResult?: SubmissionResult<string[]>;
}

/**
 * Step 1 of an import: the entity (a GET form, sent as it changes with JavaScript), its template to fill in, and the
 * file, posted as a plain multipart form that the web app streams on to the API. The next step maps the columns.
 */
export function NewImportScreen({ entities, entity, maxImportMb, lastResult }: NewImportProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const submit = useSubmit();
  const label = (value: string) =>
    entityLabel(
      entities.find((option) => option.value === value),
      value,
      t,
      language,
    );
  const schema = importUploadSchema(maxImportMb);
  const [form, fields] = useSchemaForm(schema, {
    id: "import-upload",
    lastResult,
  });
  const hintId = `${fields.file.id}-hint`;
  return (
    <Page>
      <PageHeader
        title={t("bulk.imports.newTitle")}
        breadcrumb={{ label: t("bulk.imports.title"), to: "/imports" }}
        shortcut={false}
      />
      <Card.Root size="sm">
        <Card.Header>
          <Card.Title as="h2">{t("bulk.imports.step1")}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Form method="get" action="/imports/new" aria-label={t("bulk.imports.step1")}>
            <HStack gap="3" align="end" wrap="wrap">
              <Field.Root maxW="sm">
                <Field.Label>{t("bulk.entity")}</Field.Label>
                <OptionSelect
                  name="entity"
                  defaultValue={entity}
                  key={entity}
                  onChange={(event) => submit(event.currentTarget.form, { replace: true })}
                  options={entities.map((option) => ({ value: option.value, label: label(option.value) }))}
                />
              </Field.Root>
              <noscript>
                <Button type="submit" variant="outline">
                  {t("bulk.imports.choose")}
                </Button>
              </noscript>
            </HStack>
          </Form>
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Header>
          <Card.Title as="h2">{t("bulk.imports.step2")}</Card.Title>
        </Card.Header>
        <Card.Body gap="3">
          <Text>{t("bulk.imports.templateText", { entities: label(entity).toLowerCase() })}</Text>
          <HStack gap="3" wrap="wrap">
            <ButtonLink to={templateUrl(entity, "xlsx")} reloadDocument>
              {t("bulk.imports.templateXlsx")}
            </ButtonLink>
            <ButtonLink to={templateUrl(entity, "csv")} reloadDocument>
              {t("bulk.imports.templateCsv")}
            </ButtonLink>
          </HStack>
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Header>
          <Card.Title as="h2">{t("bulk.imports.step3")}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Form
            method="post"
            action={newImportUrl(entity)}
            encType="multipart/form-data"
            {...getFormProps(form)}
            noValidate
          >
            <Stack gap="4" maxW="lg">
              <FormField meta={fields.file} label={t("bulk.imports.fileLabel")}>
                <FileInput
                  {...getInputProps(fields.file, { type: "file" })}
                  key={fields.file.key}
                  rule={megabyteRule(IMPORT_ACCEPT, maxImportMb)}
                  aria-describedby={`${hintId} ${fields.file.errors ? fields.file.errorId : ""}`.trim()}
                />
                <Text id={hintId} fontSize="sm" color="fg.muted">
                  {t("bulk.imports.fileHint", { max: maxImportMb })}
                </Text>
              </FormField>
              <HStack gap="3">
                <SubmitButton>{t("bulk.imports.upload")}</SubmitButton>
                <Button asChild variant="ghost">
                  <Link to="/imports">{t("common.cancel")}</Link>
                </Button>
              </HStack>
            </Stack>
          </Form>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
