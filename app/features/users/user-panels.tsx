import { Fieldset, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FieldMetadata, getCollectionProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { RoleDto } from "../../../server/contract/iam.ts";
import type { Employee } from "../../../server/contract/identity.ts";
import { CheckLabel } from "../../components/check-label.tsx";
import { FixedValue } from "../../components/fixed-value.tsx";
import { FormField } from "../../components/form-field.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { useMessageText } from "../../utils/message-text.ts";
import { useRoleName } from "../../utils/role-name.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { USER_FORM_ID } from "./urls.ts";
import {
  inviteFormSchema,
  parseInviteForm,
  parseUserChangeForm,
  userChangeDefaults,
  userChangeFormSchema,
} from "./user-form.ts";

type Meta = FieldMetadata<unknown>;

interface PanelProps {
  roles: RoleDto[];
  groups: { uuid: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  closeTo: string;
}

const fullName = (employee: Pick<Employee, "firstName" | "lastName">) =>
  `${employee.firstName} ${employee.lastName}`.trim();

function TextInput({
  meta,
  label,
  type = "text",
  autoFocus,
}: {
  meta: Meta;
  label: string;
  type?: "text" | "email";
  autoFocus?: boolean;
}) {
  return (
    <FormField meta={meta} label={label}>
      <Input {...getInputProps(meta, { type })} key={meta.key} autoFocus={autoFocus} />
    </FormField>
  );
}

/** The role as a select of every role; the first option asks for one. */
function RoleSelect({ meta, roles }: { meta: Meta; roles: RoleDto[] }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  return (
    <SelectField
      meta={meta}
      label={t("settings.users.role")}
      empty={t("settings.users.chooseRole")}
      options={roles.map((role) => ({ value: role.uuid, label: roleName(role.name) }))}
    />
  );
}

/** The language the user sees (and the invitation's); none follows their browser. */
function LanguageSelect({ meta }: { meta: Meta }) {
  const { t } = useTranslation();
  return (
    <SelectField
      meta={meta}
      label={t("settings.users.language")}
      empty={t("settings.users.browserLanguage")}
      options={[
        { value: "en", label: t("users.languages.en") },
        { value: "nb", label: t("users.languages.nb") },
      ]}
    >
      <Text fontSize="xs" color="fg.muted">
        {t("settings.users.languageHint")}
      </Text>
    </SelectField>
  );
}

/** The user's groups as native checkboxes, which work without JavaScript. */
function GroupChoice({ meta, groups }: { meta: Meta; groups: { uuid: string; name: string }[] }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const boxes = getCollectionProps(meta, { type: "checkbox", options: groups.map((group) => group.uuid) });
  return (
    <Fieldset.Root invalid={Boolean(meta.errors?.length)}>
      <Fieldset.Legend fontSize="sm">{t("settings.users.groups")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("settings.users.groupsHint")}</Fieldset.HelperText>
      <Fieldset.Content>
        {groups.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t("settings.users.noGroups")}
          </Text>
        ) : (
          <Stack gap="1.5" maxH="48" overflowY="auto" key={meta.key} data-testid="group-choice">
            {boxes.map(({ key, ...props }, index) => (
              <CheckLabel key={key}>
                <input {...props} />
                {groups[index]?.name}
              </CheckLabel>
            ))}
          </Stack>
        )}
      </Fieldset.Content>
      <Fieldset.ErrorText id={meta.errorId}>{meta.errors?.map(messageText).join(" ")}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

/**
 * Invites a user (URL state, so it opens and sends without JavaScript): their email, names, role, groups and language.
 * The contract's schema checks it as fields are left and in the action.
 */
export function InvitePanel({ roles, groups, lastResult, action, closeTo }: PanelProps) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(inviteFormSchema, {
    id: USER_FORM_ID,
    lastResult,
    parse: parseInviteForm,
  });
  return (
    <FormPanel
      title={t("settings.users.inviteTitle")}
      closeTo={closeTo}
      testId="invite-panel"
      form={form}
      action={action}
      saveLabel={t("settings.users.invite")}
      intent="invite"
    >
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted">
          {t("settings.users.inviteHint")}
        </Text>
        <TextInput meta={fields.email} label={t("settings.users.email")} type="email" autoFocus />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextInput meta={fields.firstName} label={t("settings.users.firstName")} />
          <TextInput meta={fields.lastName} label={t("settings.users.lastName")} />
        </SimpleGrid>
        <RoleSelect meta={fields.roleUuid} roles={roles} />
        <GroupChoice meta={fields.groupUuids} groups={groups} />
        <LanguageSelect meta={fields.language} />
      </Stack>
    </FormPanel>
  );
}

/** Changes a user's names, language, role and groups; their email is shown and stays. */
export function EditUserPanel({
  employee,
  roles,
  groups,
  lastResult,
  action,
  closeTo,
}: PanelProps & { employee: Employee }) {
  const { t } = useTranslation();
  // A user comes with their role only to those who may see roles; the others change the rest, and the role stays.
  const withRole = employee.role !== undefined;
  const [form, fields] = useSchemaForm(userChangeFormSchema, {
    id: USER_FORM_ID,
    lastResult,
    defaultValue: userChangeDefaults(employee),
    parse: (formData) => parseUserChangeForm(formData, withRole),
  });
  return (
    <FormPanel
      title={t("settings.users.editTitle", { name: fullName(employee) })}
      closeTo={closeTo}
      testId="user-panel"
      form={form}
      action={action}
      edit
    >
      <Stack gap="5">
        <FixedValue
          label={t("settings.users.email")}
          value={employee.email}
          testId="user-email"
          hint={t("settings.users.emailFixed")}
        />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextInput meta={fields.firstName} label={t("settings.users.firstName")} autoFocus />
          <TextInput meta={fields.lastName} label={t("settings.users.lastName")} />
        </SimpleGrid>
        {withRole && <RoleSelect meta={fields.roleUuid} roles={roles} />}
        <GroupChoice meta={fields.groupUuids} groups={groups} />
        <LanguageSelect meta={fields.language} />
      </Stack>
    </FormPanel>
  );
}
