import { Fieldset, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FieldMetadata, getInputProps, type SubmissionResult } from "@conform-to/react";
import { type FocusEvent, type FormEvent, useRef } from "react";
import {
  type CustomEntity,
  customEntityInputSchema,
  entityNamesSchema,
} from "../../../../server/contract/custom-entities.ts";
import { normaliseKey } from "../../../../server/contract/custom-fields.ts";
import { CheckField } from "../../../components/check-label.tsx";
import { FixedValue } from "../../../components/fixed-value.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { FormPanel } from "../../../components/form-panel.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { useLanguage } from "../../../utils/i18n.ts";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { useTranslatedMeta } from "../settings-messages.ts";
import { pluralOf } from "./custom-entities-screen.tsx";
import {
  entityNamesDefaults,
  firstFieldTypes,
  newEntityDefaults,
  parseEntityNamesForm,
  parseNewEntityForm,
} from "./custom-entity-form.ts";
import { IconChoice } from "./custom-entity-icon-choice.tsx";
import { ENTITY_FORM_ID } from "./custom-entity-urls.ts";

type Meta = FieldMetadata<unknown>;

interface PanelProps {
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  closeTo: string;
}

/**
 * A key that follows a name (with JavaScript) until the user types one of their own: the key input's ref, the
 * handler for the name's input, and the key input's own handlers. What the user sees is what is saved.
 */
function useFollowingKey(typed: boolean) {
  const keyInput = useRef<HTMLInputElement>(null);
  const keyTyped = useRef(typed);
  const follow = (event: FormEvent<HTMLInputElement>) => {
    if (keyTyped.current || !keyInput.current) return;
    keyInput.current.value = normaliseKey(event.currentTarget.value);
  };
  const keyProps = {
    ref: keyInput,
    autoComplete: "off",
    spellCheck: false,
    // Emptied, it follows the name again.
    onInput: (event: FormEvent<HTMLInputElement>) => {
      keyTyped.current = event.currentTarget.value !== "";
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const tidy = normaliseKey(event.currentTarget.value);
      if (tidy !== event.currentTarget.value) event.currentTarget.value = tidy;
    },
  };
  return { follow, keyProps };
}

/** The singular and plural names in both languages; the English singular name may lead a key. */
function NameInputs({
  fields,
  onSingularEn,
}: {
  fields: Record<"labelEn" | "labelNb" | "pluralEn" | "pluralNb", Meta>;
  onSingularEn?: (event: FormEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  const translated = useTranslatedMeta();
  const input = (meta: Meta, extra: { autoFocus?: boolean; onInput?: typeof onSingularEn } = {}) => (
    <Input {...getInputProps(meta, { type: "text" })} key={meta.key} {...extra} />
  );
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <FormField meta={translated(fields.labelEn)} label={t("settings.entityPanel.singularEn")}>
        {input(fields.labelEn, { autoFocus: true, onInput: onSingularEn })}
      </FormField>
      <FormField meta={translated(fields.labelNb)} label={t("settings.entityPanel.singularNb")}>
        {input(fields.labelNb)}
      </FormField>
      <FormField meta={translated(fields.pluralEn)} label={t("settings.entityPanel.pluralEn")}>
        {input(fields.pluralEn)}
      </FormField>
      <FormField meta={translated(fields.pluralNb)} label={t("settings.entityPanel.pluralNb")}>
        {input(fields.pluralNb)}
      </FormField>
    </SimpleGrid>
  );
}

/**
 * A new custom entity in a side panel (URL state, so it opens and saves without JavaScript): its names, key and icon,
 * and its first field, which names its records. The contract's schema checks it as fields are left and in the action.
 */
export function NewEntityPanel({ lastResult, action, closeTo }: PanelProps) {
  const { t } = useTranslation();
  const translated = useTranslatedMeta();
  const [form, fields] = useSchemaForm(customEntityInputSchema, {
    id: ENTITY_FORM_ID,
    lastResult,
    defaultValue: newEntityDefaults(),
    parse: parseNewEntityForm,
  });
  const [first] = fields.fields.getFieldList();
  const field = first.getFieldset();
  const entityKey = useFollowingKey(Boolean(fields.key.initialValue));
  const fieldKey = useFollowingKey(Boolean(field.key.initialValue));

  return (
    <FormPanel
      title={t("settings.entityPanel.addTitle")}
      closeTo={closeTo}
      testId="entity-panel"
      form={form}
      action={action}
    >
      <Stack gap="5">
        <NameInputs fields={fields} onSingularEn={entityKey.follow} />
        <FormField meta={translated(fields.key)} label={t("settings.entities.key")}>
          <Input {...getInputProps(fields.key, { type: "text" })} key={fields.key.key} {...entityKey.keyProps} />
          <Text fontSize="xs" color="fg.muted">
            {t("settings.entityPanel.keyHint")}
          </Text>
        </FormField>
        <IconChoice meta={fields.icon} />

        <Fieldset.Root>
          <Fieldset.Legend>{t("settings.entityPanel.firstField")}</Fieldset.Legend>
          <Fieldset.HelperText>{t("settings.entityPanel.firstFieldHint")}</Fieldset.HelperText>
          <Fieldset.Content>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <FormField meta={translated(field.labelEn)} label={t("settings.entityPanel.fieldLabelEn")}>
                  <Input
                    {...getInputProps(field.labelEn, { type: "text" })}
                    key={field.labelEn.key}
                    onInput={fieldKey.follow}
                  />
                </FormField>
                <FormField meta={translated(field.labelNb)} label={t("settings.entityPanel.fieldLabelNb")}>
                  <Input {...getInputProps(field.labelNb, { type: "text" })} key={field.labelNb.key} />
                </FormField>
                <FormField meta={translated(field.key)} label={t("settings.entityPanel.fieldKey")}>
                  <Input {...getInputProps(field.key, { type: "text" })} key={field.key.key} {...fieldKey.keyProps} />
                </FormField>
                <SelectField
                  meta={field.type}
                  shown={translated(field.type)}
                  label={t("settings.entityPanel.fieldType")}
                  options={firstFieldTypes.map((type) => ({ value: type, label: t(`settings.types.${type}`) }))}
                />
              </SimpleGrid>
              <FormField meta={translated(field.partOfName)} label={t("settings.entityPanel.partOfName")} hideLabel>
                <CheckField meta={field.partOfName} label={t("settings.entityPanel.partOfName")} />
              </FormField>
            </Stack>
          </Fieldset.Content>
        </Fieldset.Root>
      </Stack>
    </FormPanel>
  );
}

/** New names or icon for a custom entity; its key, which names its table and address, is shown and stays. */
export function RenameEntityPanel({ entity, lastResult, action, closeTo }: PanelProps & { entity: CustomEntity }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form, fields] = useSchemaForm(entityNamesSchema, {
    id: ENTITY_FORM_ID,
    lastResult,
    defaultValue: entityNamesDefaults(entity),
    parse: parseEntityNamesForm,
  });
  return (
    <FormPanel
      title={t("settings.entityPanel.editTitle", { name: pluralOf(entity, language) })}
      closeTo={closeTo}
      testId="entity-panel"
      form={form}
      action={action}
      edit
    >
      <Stack gap="5">
        <NameInputs fields={fields} />
        <FixedValue
          label={t("settings.entities.key")}
          value={entity.key}
          testId="entity-key"
          hint={t("settings.entityPanel.keyFixed")}
        />
        <IconChoice meta={fields.icon} />
      </Stack>
    </FormPanel>
  );
}
