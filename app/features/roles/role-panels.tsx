import { Input, Stack, Text } from "@chakra-ui/react";
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import type { RoleDto } from "../../../server/contract/iam.ts";
import { FormField } from "../../components/form-field.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import { useRoleName } from "../../utils/role-name.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { parseRoleForm, parseRoleNameForm, roleFormSchema, roleNameFormSchema } from "./role-form.ts";
import { ROLE_FORM_ID } from "./urls.ts";

interface PanelProps {
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  closeTo: string;
}

/** A new role: empty, or (with `copyOf`) starting with another role's permissions. */
export function NewRolePanel({ copyOf, lastResult, action, closeTo }: PanelProps & { copyOf?: RoleDto }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  // A copy of a built-in role starts with its name in the page's language.
  const copied = copyOf ? roleName(copyOf.name) : "";
  const [form, fields] = useSchemaForm(roleFormSchema, {
    id: ROLE_FORM_ID,
    lastResult,
    defaultValue: copyOf ? { name: t("settings.roles.copyName", { name: copied }), copyFrom: copyOf.uuid } : {},
    parse: parseRoleForm,
  });
  return (
    <FormPanel
      title={copyOf ? t("settings.roles.copyTitle", { name: copied }) : t("settings.roles.newTitle")}
      closeTo={closeTo}
      testId="role-panel"
      form={form}
      action={action}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {copyOf ? t("settings.roles.copyHint", { name: copied }) : t("settings.roles.newHint")}
        </Text>
        <FormField meta={fields.name} label={t("settings.roles.name")}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoFocus />
        </FormField>
        {copyOf && <input {...getInputProps(fields.copyFrom, { type: "hidden" })} key={fields.copyFrom.key} />}
      </Stack>
    </FormPanel>
  );
}

/** A role's new name (built-in roles keep theirs). */
export function RenameRolePanel({ role, lastResult, action, closeTo }: PanelProps & { role: RoleDto }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(roleNameFormSchema, {
    id: ROLE_FORM_ID,
    lastResult,
    defaultValue: { name: role.name },
    parse: parseRoleNameForm,
  });
  return (
    <FormPanel
      title={t("settings.roles.renameTitle", { name: role.name })}
      closeTo={closeTo}
      testId="role-panel"
      form={form}
      action={action}
      edit
    >
      <FormField meta={fields.name} label={t("settings.roles.name")}>
        <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoFocus />
      </FormField>
    </FormPanel>
  );
}
