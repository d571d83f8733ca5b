import { Input, Stack } from "@chakra-ui/react";
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import type { ShortcutDto } from "../../../server/contract/shortcuts.ts";
import { FormField } from "../../components/form-field.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { SHORTCUTS_PATH, shortcutsUrl } from "../../utils/shortcut-urls.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { parseShortcutForm, SHORTCUT_FORM_ID, shortcutFormSchema } from "./shortcut-form.ts";

/** Renames one of the user's own shortcuts, or points it at another page of the app. */
export function ShortcutPanel({
  shortcut,
  lastResult,
}: {
  shortcut: ShortcutDto;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(shortcutFormSchema, {
    id: SHORTCUT_FORM_ID,
    lastResult,
    defaultValue: { name: shortcut.name, url: shortcut.url },
    parse: parseShortcutForm,
  });
  return (
    <FormPanel
      title={t("shortcuts.renameTitle", { name: shortcut.name })}
      closeTo={SHORTCUTS_PATH}
      testId="shortcut-panel"
      form={form}
      action={shortcutsUrl({ panel: "edit", id: shortcut.uuid })}
      edit
    >
      <Stack gap="4">
        <FormField meta={fields.name} label={t("shortcuts.name")}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
        </FormField>
        <FormField meta={fields.url} label={t("shortcuts.address")}>
          <Input {...getInputProps(fields.url, { type: "text" })} key={fields.url.key} />
        </FormField>
      </Stack>
    </FormPanel>
  );
}
