import { Card, Fieldset, Heading, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { referenceNumberStartSchema } from "../../../../server/contract/work-items.ts";
import { FormField, SubmitButton } from "../../../components/form-field.tsx";
import { Page, PageHeader } from "../../../components/page-header.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { useLanguage } from "../../../utils/i18n.ts";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { DEFAULTS_FORM_ID, REFERENCE_FORM_ID } from "../meta-status/meta-status-urls.ts";
import { useTranslatedMeta } from "../settings-messages.ts";
import type { Choice, WorkItemSettingsData } from "./work-item-settings.server.ts";
import {
  defaultFieldOf,
  parseDefaultsForm,
  parseReferenceForm,
  workItemDefaultsFormSchema,
} from "./work-item-settings-form.ts";

type Meta = FieldMetadata<unknown>;

export interface WorkItemSettingsScreenProps extends WorkItemSettingsData {
  /** The last answer of each form's action, when it did not redirect. */
  referenceResult?: SubmissionResult<string[]> | null;
  defaultsResult?: SubmissionResult<string[]> | null;
  /** Where the forms post: the page as it is. */
  action: string;
}

/** A select of one of the lists, with "None" first. */
function ChoiceSelect({ meta, label, choices }: { meta: Meta; label: string; choices: Choice[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const translated = useTranslatedMeta();
  return (
    <SelectField
      meta={meta}
      shown={translated(meta)}
      label={label}
      empty={t("common.none")}
      options={choices.map((choice) => ({
        value: choice.value,
        label: language === "nb" ? choice.labelNb : choice.labelEn,
      }))}
    />
  );
}

/**
 * A section of the page: a heading, what it does, and its form, which posts its `name` (the action tells the two
 * forms apart by it) and is saved on its own. Without Update on the settings it only shows the values.
 */
function SectionForm({
  title,
  text,
  testId,
  formProps,
  name,
  intent,
  action,
  canUpdate,
  maxW,
  children,
}: {
  title: string;
  text: string;
  testId: string;
  /** The form's Conform props (`getFormProps(form)`); its id ties the Save button to it. */
  formProps: ReturnType<typeof getFormProps>;
  name: "reference" | "defaults";
  intent: string;
  action: string;
  canUpdate: boolean;
  maxW?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {text}
            </Text>
          </Stack>
          <Form method="post" action={action} {...formProps} noValidate>
            <input type="hidden" name="form" value={name} />
            <Fieldset.Root disabled={!canUpdate}>
              <Stack gap="4" maxW={maxW}>
                {children}
                {canUpdate && (
                  <SubmitButton form={formProps.id} intent={intent} alignSelf="flex-start">
                    {t("common.saveChanges")}
                  </SubmitButton>
                )}
              </Stack>
            </Fieldset.Root>
          </Form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The inquiries' or to-dos' settings (spec §2 system settings: inquiries, todo): where reference numbers go on, and
 * what a new item starts with when its creator chooses nothing else. Two plain forms, each saved on its own; without
 * Update on the settings they show the settings and cannot be changed.
 */
export function WorkItemSettingsScreen({
  title,
  table,
  next,
  kinds,
  assignedUserId,
  groupId,
  users,
  groups,
  canUpdate,
  referenceResult,
  defaultsResult,
  action,
}: WorkItemSettingsScreenProps) {
  const { t } = useTranslation();
  const translated = useTranslatedMeta();
  const items = t(`settings.workItems.items.${table}`);
  const [referenceForm, referenceFields] = useSchemaForm(referenceNumberStartSchema, {
    id: REFERENCE_FORM_ID,
    lastResult: referenceResult,
    defaultValue: { next: String(next) },
    parse: parseReferenceForm,
  });
  const [defaultsForm, defaultsFields] = useSchemaForm(workItemDefaultsFormSchema, {
    id: DEFAULTS_FORM_ID,
    lastResult: defaultsResult,
    defaultValue: {
      ...Object.fromEntries(kinds.map(({ kind, chosen }) => [defaultFieldOf[kind], chosen])),
      assignedUserId,
      groupId,
    },
    shouldValidate: "onBlur",
    parse: parseDefaultsForm,
  });
  return (
    <Page>
      <PageHeader title={title} />
      <SectionForm
        title={t("settings.workItems.referenceTitle")}
        text={t("settings.workItems.referenceText", { items })}
        testId="reference-numbers"
        formProps={getFormProps(referenceForm)}
        name="reference"
        intent="save-reference"
        action={action}
        canUpdate={canUpdate}
        maxW="sm"
      >
        <FormField meta={translated(referenceFields.next)} label={t("settings.workItems.next")}>
          <Input {...getInputProps(referenceFields.next, { type: "number" })} key={referenceFields.next.key} step="1" />
        </FormField>
      </SectionForm>
      <SectionForm
        title={t("settings.workItems.defaultsTitle", { items })}
        text={t("settings.workItems.defaultsText")}
        testId="item-defaults"
        formProps={getFormProps(defaultsForm)}
        name="defaults"
        intent="save-defaults"
        action={action}
        canUpdate={canUpdate}
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {kinds.map(({ kind, choices }) => (
            <ChoiceSelect
              key={kind}
              meta={defaultsFields[defaultFieldOf[kind]]}
              label={t(`settings.workItems.defaults.${kind}`)}
              choices={choices}
            />
          ))}
          <ChoiceSelect
            meta={defaultsFields.assignedUserId}
            label={t("settings.workItems.defaults.assignee")}
            choices={users}
          />
          <ChoiceSelect meta={defaultsFields.groupId} label={t("settings.workItems.defaults.group")} choices={groups} />
        </SimpleGrid>
      </SectionForm>
    </Page>
  );
}
