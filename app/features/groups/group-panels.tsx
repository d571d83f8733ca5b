import { Input, Stack } from "@chakra-ui/react";
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import type { GroupAdminDto } from "../../../server/contract/iam.ts";
import { FormField } from "../../components/form-field.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import { SearchPickPanel } from "../../components/search-pick-panel.tsx";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { USER_SEARCH_DELAY_MS } from "../users/urls.ts";
import { groupFormSchema, memberFormSchema, parseGroupForm, parseMemberForm } from "./group-form.ts";
import { GROUP_FORM_ID, MEMBER_FORM_ID } from "./urls.ts";

interface PanelProps {
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  closeTo: string;
}

/** A new group, or a group's new name (URL state, so it opens and saves without JavaScript). */
export function GroupPanel({ group, lastResult, action, closeTo }: PanelProps & { group?: GroupAdminDto }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(groupFormSchema, {
    id: GROUP_FORM_ID,
    lastResult,
    defaultValue: group ? { name: group.name } : undefined,
    parse: parseGroupForm,
  });
  return (
    <FormPanel
      title={group ? t("settings.groups.renameTitle", { name: group.name }) : t("settings.groups.newTitle")}
      closeTo={closeTo}
      testId="group-panel"
      form={form}
      action={action}
      edit={Boolean(group)}
    >
      <Stack gap="5">
        <FormField meta={fields.name} label={t("settings.groups.name")}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoFocus />
        </FormField>
      </Stack>
    </FormPanel>
  );
}

/**
 * Adds a user to a group: with JavaScript a search dropdown of users (after 500 ms of idle typing); without, a plain
 * search whose matches are radio buttons.
 */
export function AddMemberPanel({
  group,
  search,
  lastResult,
  action,
  closeTo,
}: PanelProps & {
  group: GroupAdminDto;
  search: { q: string; matches: { value: string; label: string }[] | null };
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(memberFormSchema, {
    id: MEMBER_FORM_ID,
    lastResult,
    shouldValidate: "onSubmit",
    parse: parseMemberForm,
  });
  return (
    <SearchPickPanel
      title={t("settings.groups.addMemberTitle", { name: group.name })}
      testId="member-panel"
      form={form}
      intent="add"
      closeTo={closeTo}
      action={action}
      panel="add"
      label={t("settings.groups.user")}
      meta={fields.userUuid}
      source="/resources/record-search?table=user"
      search={search}
      debounceMs={USER_SEARCH_DELAY_MS}
    />
  );
}
