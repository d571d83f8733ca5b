import { Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { type SharedShortcutDto, shortcutVisibilities } from "../../../../server/contract/shortcuts.ts";
import { FormErrors, FormField } from "../../../components/form-field.tsx";
import { FormPanel } from "../../../components/form-panel.tsx";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { SHARED_SHORTCUT_FORM_ID, sharedShortcutsUrl } from "../urls.ts";
import {
  type GroupOption,
  parseSharedShortcutForm,
  sharedShortcutDefaults,
  sharedShortcutFormSchema,
} from "./shared-shortcut-form.ts";

/**
 * A shared shortcut's name, address, audience and place, new or changed. The group matters only for "A group"; it is
 * a select of its own, so the form works without JavaScript.
 */
export function SharedShortcutPanel({
  shortcut,
  groups,
  lastResult,
}: {
  shortcut?: SharedShortcutDto;
  groups: GroupOption[] | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(sharedShortcutFormSchema, {
    id: SHARED_SHORTCUT_FORM_ID,
    lastResult,
    defaultValue: sharedShortcutDefaults(shortcut),
    parse: parseSharedShortcutForm,
  });
  // A group chosen before, which the user may not list now, stays as it is.
  const options =
    groups ?? (shortcut?.group ? [{ uuid: shortcut.group.uuid, name: shortcut.group.name }] : ([] as GroupOption[]));
  return (
    <FormPanel
      title={
        shortcut
          ? t("settings.sharedShortcuts.editTitle", { name: shortcut.name })
          : t("settings.sharedShortcuts.addTitle")
      }
      closeTo={sharedShortcutsUrl()}
      testId="shared-shortcut-panel"
      form={form}
      action={sharedShortcutsUrl(shortcut ? { panel: "edit", id: shortcut.uuid } : { panel: "new" })}
      edit={Boolean(shortcut)}
    >
      <Stack gap="4">
        <FormErrors form={form} />
        <FormField meta={fields.name} label={t("settings.sharedShortcuts.name")}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
        </FormField>
        <FormField meta={fields.url} label={t("settings.sharedShortcuts.urlLabel")}>
          <Input {...getInputProps(fields.url, { type: "text" })} key={fields.url.key} />
        </FormField>
        <FormField meta={fields.visibility} label={t("settings.sharedShortcuts.visibility")}>
          <NativeSelect.Root>
            <NativeSelect.Field {...getSelectProps(fields.visibility)} key={fields.visibility.key}>
              {shortcutVisibilities.map((visibility) => (
                <option key={visibility} value={visibility}>
                  {t(`settings.sharedShortcuts.visibilities.${visibility}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField meta={fields.groupUuid} label={t("settings.sharedShortcuts.group")}>
          <NativeSelect.Root>
            <NativeSelect.Field {...getSelectProps(fields.groupUuid)} key={fields.groupUuid.key}>
              <option value="">{t("settings.sharedShortcuts.noGroup")}</option>
              {options.map((group) => (
                <option key={group.uuid} value={group.uuid}>
                  {group.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          {groups === null ? t("settings.sharedShortcuts.groupsUnavailable") : t("settings.sharedShortcuts.groupHint")}
        </Text>
        <FormField meta={fields.ordering} label={t("settings.sharedShortcuts.ordering")}>
          <Input {...getInputProps(fields.ordering, { type: "number" })} key={fields.ordering.key} min={0} />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          {t("settings.sharedShortcuts.orderingHint")}
        </Text>
      </Stack>
    </FormPanel>
  );
}
