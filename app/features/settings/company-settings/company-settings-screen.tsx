import { Box, Button, Card, DataList, Field, HStack, Image, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "react-router";
import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_MAX_KB,
  type CompanySettings,
  companyLogoTexts,
  companyLogoTypes,
} from "../../../../server/contract/company-settings.ts";
import { FileInput } from "../../../components/file-input.tsx";
import type { FileRule } from "../../../components/file-rules.ts";
import { FormErrors, FormField, SubmitButton } from "../../../components/form-field.tsx";
import { Page, PageHeader } from "../../../components/page-header.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { useMessageText } from "../../../utils/message-text.ts";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { COMPANY_SETTINGS_PATH } from "../urls.ts";
import type { CompanySettingsData } from "./company-settings.server.ts";
import {
  COMPANY_FORM_ID,
  companyFormDefaults,
  companyFormSchema,
  LOGO_ANCHOR,
  parseCompanyForm,
} from "./company-settings-form.ts";

/** The company's default language in words: English, Norwegian, or each browser's. */
function useLanguageName() {
  const { t } = useTranslation();
  return (language: CompanySettings["defaultLanguage"]) =>
    language === "en"
      ? t("preferences.english")
      : language === "nb"
        ? t("preferences.norwegian")
        : t("settings.company.browserLanguage");
}

/**
 * The company settings (spec §2 company-settings): name, organisation number, address, the language and time zone of
 * users who have chosen none, and the logo the shell shows. Plain forms: the settings one, and the logo's upload,
 * which is multipart; those who may only read the settings see their values.
 */
export function CompanySettingsScreen({
  settings,
  canUpdate,
  timeZones,
  lastResult,
  logoError,
}: CompanySettingsData & { lastResult?: SubmissionResult<string[]>; logoError?: string }) {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t("settings.company.title")} />
      {canUpdate ? (
        <SettingsForm settings={settings} timeZones={timeZones} lastResult={lastResult} />
      ) : (
        <SettingsValues settings={settings} />
      )}
      <LogoCard settings={settings} canUpdate={canUpdate} error={logoError} />
    </Page>
  );
}

function SettingsValues({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const rows = [
    { label: t("settings.company.name"), value: settings.name },
    { label: t("settings.company.organisationNumber"), value: settings.organisationNumber },
    { label: t("settings.company.address"), value: settings.address },
    { label: t("settings.company.defaultLanguage"), value: languageName(settings.defaultLanguage) },
    { label: t("settings.company.timeZone"), value: settings.timeZone },
  ];
  return (
    <Card.Root>
      <Card.Body>
        <DataList.Root orientation="horizontal" data-testid="company-settings">
          {rows.map((row) => (
            <DataList.Item key={row.label}>
              <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-line">{row.value || "—"}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** A select of the form, and under it what its choice does. */
function HintedSelect({
  meta,
  label,
  hint,
  options,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint: string;
  options: { value: string; label: string }[];
}) {
  return (
    <>
      <SelectField meta={meta} label={label} options={options} />
      <Text fontSize="sm" color="fg.muted" mt="-2">
        {hint}
      </Text>
    </>
  );
}

function SettingsForm({
  settings,
  timeZones,
  lastResult,
}: {
  settings: CompanySettings;
  timeZones: string[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const [form, fields] = useSchemaForm(companyFormSchema, {
    id: COMPANY_FORM_ID,
    lastResult,
    defaultValue: companyFormDefaults(settings),
    parse: parseCompanyForm,
  });
  return (
    <Card.Root>
      <Card.Body>
        <Form method="post" action={COMPANY_SETTINGS_PATH} {...getFormProps(form)} noValidate>
          <Stack gap="4" maxW="xl">
            <FormErrors form={form} />
            <FormField meta={fields.name} label={t("settings.company.name")}>
              <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
            </FormField>
            <FormField meta={fields.organisationNumber} label={t("settings.company.organisationNumber")}>
              <Input
                {...getInputProps(fields.organisationNumber, { type: "text" })}
                key={fields.organisationNumber.key}
              />
            </FormField>
            <FormField meta={fields.address} label={t("settings.company.address")}>
              <Textarea {...getTextareaProps(fields.address)} key={fields.address.key} rows={3} />
            </FormField>
            <HintedSelect
              meta={fields.defaultLanguage}
              label={t("settings.company.defaultLanguage")}
              hint={t("settings.company.defaultLanguageHint")}
              options={([null, "en", "nb"] as const).map((language) => ({
                value: language ?? "",
                label: languageName(language),
              }))}
            />
            <HintedSelect
              meta={fields.timeZone}
              label={t("settings.company.timeZone")}
              hint={t("settings.company.timeZoneHint")}
              options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
            />
            <HStack>
              <SubmitButton intent="save">{t("common.save")}</SubmitButton>
            </HStack>
          </Stack>
        </Form>
      </Card.Body>
    </Card.Root>
  );
}

/** The logo's types and size, refused with the texts the API answers them with (it says kB, not MB). */
const logoRule: FileRule = {
  accept: companyLogoTypes.join(","),
  maxBytes: COMPANY_LOGO_MAX_BYTES,
  unsupported: companyLogoTexts.type,
  tooLarge: companyLogoTexts.tooLarge,
};

/** The logo: the current one, a plain multipart form to upload another, and one to remove it. */
function LogoCard({ settings, canUpdate, error }: { settings: CompanySettings; canUpdate: boolean; error?: string }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const logo = settings.logo;
  return (
    <Card.Root id={LOGO_ANCHOR} scrollMarginTop="24">
      <Card.Header>
        <Card.Title as="h2">{t("settings.company.logo")}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {logo ? (
            <Box>
              <Image
                src={`/resources/company-logo?v=${encodeURIComponent(logo.version)}`}
                alt={t("settings.company.logoOf", { name: settings.name })}
                maxH="20"
                maxW="60"
                objectFit="contain"
                data-testid="logo-preview"
              />
            </Box>
          ) : (
            <Text color="fg.muted">{t("settings.company.noLogo")}</Text>
          )}
          {canUpdate && (
            <>
              <Form method="post" action={COMPANY_SETTINGS_PATH} encType="multipart/form-data" data-testid="logo-form">
                <Stack gap="3" maxW="xl">
                  <Field.Root invalid={Boolean(error)}>
                    <Field.Label>{t("settings.company.logoFile")}</Field.Label>
                    <FileInput name="file" rule={logoRule} />
                    <Field.HelperText>{t("settings.company.logoHint", { max: COMPANY_LOGO_MAX_KB })}</Field.HelperText>
                    <Field.ErrorText data-testid="logo-error">{error ? messageText(error) : ""}</Field.ErrorText>
                  </Field.Root>
                  <HStack>
                    <SubmitButton size="sm">{t("settings.company.uploadLogo")}</SubmitButton>
                  </HStack>
                </Stack>
              </Form>
              {logo && (
                <Form method="post" action={COMPANY_SETTINGS_PATH}>
                  <Button type="submit" name="intent" value="removeLogo" size="sm" variant="outline" colorPalette="red">
                    {t("settings.company.removeLogo")}
                  </Button>
                </Form>
              )}
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
