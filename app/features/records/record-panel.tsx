import { Stack, Text } from "@chakra-ui/react";
import {
  type FieldMetadata,
  getFormProps,
  getSelectProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { type FieldDefinition, isOnForms, isShown, isStored } from "../../../server/contract/fields.ts";
import type { EntityInfo, MetaStatus, RecordDto } from "../../../server/contract/records.ts";
import { FieldInput } from "../../components/field-input.tsx";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { OptionSelect } from "../../components/option-select.tsx";
import { PanelCancel, SidePanel } from "../../components/side-panel.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { entityLabel, fieldLabel, statusName } from "./field-labels.ts";
import { formDefaults, recordSchema, workItemSchema } from "./record-form.ts";
import { RoleSelect } from "./role-select.tsx";
import { RECORD_FORM_ID } from "./screens.ts";

export interface RecordPanelProps {
  info: EntityInfo;
  statuses: MetaStatus[];
  record?: RecordDto;
  /** The action's answer to the last save: its errors, and the values to show again. */
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
  action: string;
  /** View mode: the values, read-only, and only a Close button. */
  readOnly?: boolean;
  /**
   * A new record made on another one: a contact added from its company (with its role), a note on a record's notes
   * tab. The panel's title, the intent it posts, and whether it asks for a role.
   */
  linkTo?: { title: string; intent: string; role?: boolean; attachTo?: string; workItem?: WorkItemLinkFields };
}

/**
 * A new inquiry or to-do made on a company or a contact: that record is one end of its link (a hidden field), and the
 * other end is chosen among the record's own (a company's contacts, a contact's companies).
 */
export interface WorkItemLinkFields {
  /** Which tab it is made on, so the action knows what to create. */
  tab: string;
  on: "company" | "contact";
  recordId: string;
  label: string;
  options: { value: string; label: string }[];
  /** Shown when there is nothing to choose. */
  noOptions?: string;
}

/**
 * Add, edit and view a record in a side panel. It is part of the URL, so it also opens and works without JavaScript;
 * with it, fields are checked as they are left, by the same schema as the action's.
 */
export function RecordPanel({
  info,
  statuses,
  record,
  lastResult,
  closeTo,
  action,
  readOnly,
  linkTo,
}: RecordPanelProps) {
  const { t } = useTranslation();
  const { language, timeZone } = useDateSettings();
  const defaultStatus = record?.statusId ?? statuses.find((s) => s.isDefault)?.metaStatusId ?? "";
  const workItem = linkTo?.workItem;
  const schema = workItem
    ? workItemSchema(info.fields, timeZone, workItem.on, language)
    : recordSchema(info.fields, timeZone, Boolean(linkTo?.role), language);
  // The fields are the entity's, known at run time: the form's shape is a record of them.
  const [form, fields] = useForm<Record<string, any>>({
    id: RECORD_FORM_ID,
    lastResult,
    defaultValue: formDefaults(info, record, defaultStatus, timeZone, language),
    constraint: getZodConstraint(schema.in),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<Record<string, any>>,
  });
  const custom = (
    fields.customFields as unknown as { getFieldset(): Record<string, FieldMetadata<unknown>> }
  ).getFieldset();
  // A view shows every field; a form only those it may set.
  const active = info.fields.filter((field) => (readOnly ? isShown(field) && isStored(field) : isOnForms(field)));
  const metaOf = (field: FieldDefinition) =>
    (field.customField ? custom[field.key] : fields[field.key as keyof typeof fields]) as Parameters<
      typeof FieldInput
    >[0]["meta"];
  // Without JavaScript the browser puts the cursor where `autoFocus` says: the first field with an error, else the first.
  const firstInvalid = active.find((field) => metaOf(field)?.errors?.length);
  const focused = readOnly ? undefined : (firstInvalid ?? active[0]);
  const title = readOnly
    ? (record?.rowName ?? "")
    : linkTo
      ? linkTo.title
      : record
        ? t("records.editTitle", { name: record.rowName })
        : t("records.addTitle", { entity: entityLabel(info, language).toLowerCase() });

  return (
    <SidePanel
      title={title}
      closeTo={closeTo}
      formId={readOnly ? undefined : form.id}
      testId="record-panel"
      footer={
        readOnly ? (
          <PanelCancel label={t("common.close")} />
        ) : (
          <>
            <PanelCancel />
            <SubmitButton form={form.id} intent={linkTo?.intent ?? "save"}>
              {record ? t("common.saveChanges") : t("common.save")}
            </SubmitButton>
          </>
        )
      }
    >
      <Form method="post" action={action} {...getFormProps(form)} noValidate>
        <fieldset disabled={readOnly} style={{ display: "contents" }}>
          <Stack gap="4">
            {linkTo?.attachTo && <input type="hidden" name="attachTo" value={linkTo.attachTo} />}
            {linkTo?.role && <RoleSelect meta={fields.role} />}
            {workItem && <WorkItemLinkSelect link={workItem} fields={fields} />}
            {statuses.length > 0 && (
              <FormField meta={fields.statusId} label={t("records.status")}>
                <OptionSelect
                  {...getSelectProps(fields.statusId)}
                  options={statuses.map((status) => ({
                    value: status.metaStatusId,
                    label: statusName(statuses, status.metaStatusId, language),
                  }))}
                />
              </FormField>
            )}
            {active.map((field) => {
              const meta = metaOf(field);
              const label = fieldLabel(field, language);
              return (
                <FormField key={field.key} meta={meta} label={label} hideLabel={field.type === "Bool"}>
                  <FieldInput
                    field={field}
                    meta={meta}
                    language={language}
                    label={label}
                    autoFocus={field === focused}
                  />
                </FormField>
              );
            })}
          </Stack>
        </fieldset>
      </Form>
    </SidePanel>
  );
}

/** The other end of a new item's link: a company's contacts (one is required) or a contact's companies (optional). */
function WorkItemLinkSelect({
  link,
  fields,
}: {
  link: WorkItemLinkFields;
  fields: Record<string, FieldMetadata<unknown>>;
}) {
  const { t } = useTranslation();
  const [fixed, chosen] = link.on === "company" ? ["companyId", "contactId"] : ["contactId", "companyId"];
  const meta = fields[chosen];
  return (
    <>
      <input type="hidden" name="workItemTab" value={link.tab} />
      <input type="hidden" name={fixed} value={link.recordId} />
      <FormField meta={meta} label={link.label}>
        <OptionSelect
          {...getSelectProps(meta)}
          data-testid="work-item-link"
          options={link.options}
          empty={link.on === "company" ? "—" : t("workItems.anyCompany")}
        />
      </FormField>
      {link.options.length === 0 && link.noOptions && (
        <Text color="fg.muted" fontSize="sm">
          {link.noOptions}
        </Text>
      )}
    </>
  );
}
