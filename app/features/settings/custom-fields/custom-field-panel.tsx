import {
  Button,
  Checkbox,
  Fieldset,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from "@chakra-ui/react";
import {
  type FieldMetadata,
  getInputProps,
  getTextareaProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { type ClipboardEvent, type FocusEvent, type FormEvent, useRef } from "react";
import {
  customFieldInputSchema,
  customFieldTypes,
  type FieldSetting,
  normaliseKey,
} from "../../../../server/contract/custom-fields.ts";
import type { FieldType } from "../../../../server/contract/fields.ts";
import { ButtonLink } from "../../../components/button-link.tsx";
import { FieldInput } from "../../../components/field-input.tsx";
import { FixedValue } from "../../../components/fixed-value.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { FormPanel } from "../../../components/form-panel.tsx";
import { PanelCancel, SidePanel } from "../../../components/side-panel.tsx";
import { useDateSettings } from "../../../utils/date-settings.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { useSettingsMessage, useTranslatedMeta } from "../settings-messages.ts";
import { FIELD_FORM_ID } from "../urls.ts";
import {
  type CustomFieldFormValue,
  datedTypes,
  fieldDefinitionOf,
  fieldFormDefaults,
  numericTypes,
  optionTypes,
  parseFieldForm,
  textTypes,
} from "./custom-field-form.ts";

type Meta = FieldMetadata<unknown>;

/** A new field's first step (it works without JavaScript): its type, as links that open the form for that type. */
export function FieldTypePanel({ entity, closeTo }: { entity: string; closeTo: string }) {
  const { t } = useTranslation();
  return (
    <SidePanel title={t("settings.panel.addTitle")} closeTo={closeTo} testId="field-panel" footer={<PanelCancel />}>
      <Stack gap="4">
        <Text>{t("settings.panel.chooseType")}</Text>
        <SimpleGrid as="ul" columns={2} gap="2" listStyleType="none" aria-label={t("settings.panel.types")}>
          {customFieldTypes.map((type) => (
            <li key={type}>
              <ButtonLink to={`/system-settings/custom-fields?${new URLSearchParams({ entity, panel: "new", type })}`}>
                {t(`settings.types.${type}`)}
              </ButtonLink>
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    </SidePanel>
  );
}

export interface CustomFieldPanelProps {
  entity: string;
  type: FieldType;
  /** The field being changed; a new one has none. */
  field?: FieldSetting;
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  closeTo: string;
}

/**
 * Add or change a custom field in a side panel (URL state, so it opens and saves without JavaScript). It shows only
 * the controls that apply to the field's type; the contract's schema checks it as fields are left and in the action.
 */
export function CustomFieldPanel({ entity, type, field, lastResult, action, closeTo }: CustomFieldPanelProps) {
  const { t } = useTranslation();
  const { language, timeZone } = useDateSettings();
  const translated = useTranslatedMeta();
  const settingsMessage = useSettingsMessage();
  const [form, fields] = useForm<CustomFieldFormValue>({
    id: FIELD_FORM_ID,
    lastResult,
    defaultValue: fieldFormDefaults(type, field, timeZone, language),
    constraint: getZodConstraint(customFieldInputSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The default value is checked by the field's own rules in the action, once the field's settings are known.
    onValidate: ({ formData }) => parseFieldForm(formData, language) as Submission<CustomFieldFormValue>,
  });
  const keyInput = useRef<HTMLInputElement>(null);
  // The key follows the English label until the user types one of their own (or the form came back with one).
  const keyTyped = useRef(Boolean(fields.key.initialValue));
  const typeName = t(`settings.types.${type}`);
  const title = field
    ? t("settings.panel.editTitle", { name: language === "nb" ? field.labelNb : field.labelEn })
    : t("settings.panel.addTypeTitle", { type: typeName });
  const optionsFields = fields.options.getFieldList();
  const defaultField = fieldDefinitionOf({ type }, field?.options ?? []);
  const hasDefault = type !== "Query" && (!optionTypes.includes(type) || defaultField.settings.options?.length);
  const percent = type === "Percent" ? " (%)" : "";

  const followLabel = (event: FormEvent<HTMLInputElement>) => {
    if (field || keyTyped.current || !keyInput.current) return;
    keyInput.current.value = normaliseKey(event.currentTarget.value);
  };
  const pasteKey = (event: ClipboardEvent<HTMLInputElement>) => {
    keyTyped.current = true;
    const pasted = event.clipboardData.getData("text");
    const kept = pasted.replace(/[^\w ]/g, "");
    if (kept === pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    input.setRangeText(
      kept,
      input.selectionStart ?? input.value.length,
      input.selectionEnd ?? input.value.length,
      "end",
    );
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  // What the user sees is what is saved.
  const tidyKey = (event: FocusEvent<HTMLInputElement>) => {
    const tidy = normaliseKey(event.currentTarget.value);
    if (tidy !== event.currentTarget.value) event.currentTarget.value = tidy;
  };

  return (
    <FormPanel title={title} closeTo={closeTo} testId="field-panel" form={form} action={action} edit={Boolean(field)}>
      {/* Enter in a text box saves: the form's first submit button is its default one, not an option's Remove. */}
      <VisuallyHidden aria-hidden>
        <button type="submit" name="intent" value="save" tabIndex={-1}>
          {t("common.save")}
        </button>
      </VisuallyHidden>
      <input type="hidden" name={fields.type.name} value={type} />
      <Stack gap="5">
        <HStack justify="space-between" wrap="wrap">
          <Text>
            {t("settings.panel.typeIs")} <strong>{typeName}</strong>
          </Text>
          {!field && (
            <ButtonLink
              size="xs"
              to={`/system-settings/custom-fields?${new URLSearchParams({ entity, panel: "new" })}`}
            >
              {t("settings.panel.changeType")}
            </ButtonLink>
          )}
        </HStack>

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField meta={translated(fields.labelEn)} label={t("settings.panel.labelEn")}>
            <Input
              {...getInputProps(fields.labelEn, { type: "text" })}
              key={fields.labelEn.key}
              autoFocus
              onInput={followLabel}
            />
          </FormField>
          <FormField meta={translated(fields.labelNb)} label={t("settings.panel.labelNb")}>
            <Input {...getInputProps(fields.labelNb, { type: "text" })} key={fields.labelNb.key} />
          </FormField>
        </SimpleGrid>

        {field ? (
          <FixedValue label={t("settings.fields.key")} value={field.key} testId="field-key">
            <input type="hidden" name={fields.key.name} value={field.key} />
          </FixedValue>
        ) : (
          <FormField meta={translated(fields.key)} label={t("settings.fields.key")}>
            <Input
              {...getInputProps(fields.key, { type: "text" })}
              key={fields.key.key}
              ref={keyInput}
              autoComplete="off"
              spellCheck={false}
              onInput={(event) => {
                // Emptied, it follows the label again.
                keyTyped.current = event.currentTarget.value !== "";
              }}
              onPaste={pasteKey}
              onBlur={tidyKey}
            />
            <Text fontSize="xs" color="fg.muted">
              {t("settings.panel.keyHint")}
            </Text>
          </FormField>
        )}

        <Fieldset.Root>
          <Fieldset.Legend>{t("settings.panel.behaviour")}</Fieldset.Legend>
          <Fieldset.Content>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
              {type !== "Query" && (
                <Flag
                  meta={translated(fields.required)}
                  source={fields.required}
                  label={t("settings.fields.required")}
                />
              )}
              {type !== "Query" && (
                <Flag meta={translated(fields.unique)} source={fields.unique} label={t("settings.fields.unique")} />
              )}
              {textTypes.includes(type) && (
                <Flag
                  meta={translated(fields.searchable)}
                  source={fields.searchable}
                  label={t("settings.fields.searchable")}
                />
              )}
              {type !== "Query" && (
                <Flag
                  meta={translated(fields.partOfName)}
                  source={fields.partOfName}
                  label={t("settings.fields.partOfName")}
                />
              )}
              <Flag meta={translated(fields.favorite)} source={fields.favorite} label={t("settings.fields.favorite")} />
              <Flag meta={translated(fields.hidden)} source={fields.hidden} label={t("settings.fields.hidden")} />
              <Flag meta={translated(fields.active)} source={fields.active} label={t("settings.fields.active")} />
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>

        {textTypes.includes(type) && (
          <SimpleGrid columns={2} gap="4">
            <NumberField meta={fields.minLength} label={t("settings.panel.minLength")} step="1" />
            <NumberField meta={fields.maxLength} label={t("settings.panel.maxLength")} step="1" />
          </SimpleGrid>
        )}
        {numericTypes.includes(type) && (
          <SimpleGrid columns={2} gap="4">
            <NumberField meta={fields.minValue} label={`${t("settings.panel.minValue")}${percent}`} step="any" />
            <NumberField meta={fields.maxValue} label={`${t("settings.panel.maxValue")}${percent}`} step="any" />
          </SimpleGrid>
        )}
        {datedTypes.includes(type) && (
          <SimpleGrid columns={2} gap="4">
            <FormField meta={translated(fields.from)} label={t("settings.panel.from")}>
              <Input {...getInputProps(fields.from, { type: "date" })} key={fields.from.key} />
            </FormField>
            <FormField meta={translated(fields.to)} label={t("settings.panel.to")}>
              <Input {...getInputProps(fields.to, { type: "date" })} key={fields.to.key} />
            </FormField>
          </SimpleGrid>
        )}

        {optionTypes.includes(type) && (
          <Fieldset.Root invalid={Boolean(fields.options.errors?.length)} data-testid="field-options">
            <Fieldset.Legend>{t("settings.panel.options")}</Fieldset.Legend>
            <Fieldset.Content>
              {optionsFields.map((option, index) => {
                const row = option.getFieldset();
                const number = index + 1;
                return (
                  <HStack key={option.key} align="flex-end" gap="2">
                    {/* A kept option keeps its value, so the API tells kept ones from removed ones. */}
                    <input {...getInputProps(row.value, { type: "hidden" })} key={row.value.key} />
                    <FormField meta={translated(row.labelEn)} label={t("settings.panel.optionEn", { number })}>
                      <Input {...getInputProps(row.labelEn, { type: "text" })} key={row.labelEn.key} />
                    </FormField>
                    <FormField meta={translated(row.labelNb)} label={t("settings.panel.optionNb", { number })}>
                      <Input {...getInputProps(row.labelNb, { type: "text" })} key={row.labelNb.key} />
                    </FormField>
                    <Button
                      {...form.remove.getButtonProps({ name: fields.options.name, index })}
                      // A submit button: without JavaScript it posts the form, which comes back a row shorter.
                      type="submit"
                      variant="outline"
                      aria-label={t("settings.panel.removeOption", { number })}
                    >
                      {t("common.remove")}
                    </Button>
                  </HStack>
                );
              })}
              <HStack>
                <Button
                  {...form.insert.getButtonProps({
                    name: fields.options.name,
                    defaultValue: { labelEn: "", labelNb: "" },
                  })}
                  type="submit"
                  variant="outline"
                  size="sm"
                >
                  {t("settings.panel.addOption")}
                </Button>
              </HStack>
            </Fieldset.Content>
            <Fieldset.ErrorText id={fields.options.errorId}>
              {fields.options.errors?.map(settingsMessage).join(" ")}
            </Fieldset.ErrorText>
          </Fieldset.Root>
        )}

        {type === "Query" && (
          <FormField meta={translated(fields.query)} label={t("settings.panel.query")}>
            <Textarea
              {...getTextareaProps(fields.query)}
              key={fields.query.key}
              rows={6}
              fontFamily="mono"
              spellCheck={false}
            />
            <Text fontSize="xs" color="fg.muted">
              {t("settings.panel.queryHint")}
            </Text>
          </FormField>
        )}

        {type !== "Query" &&
          (hasDefault ? (
            <FormField
              meta={translated(fields.defaultValue)}
              label={t("settings.panel.defaultValue")}
              hideLabel={type === "Bool"}
            >
              <FieldInput
                field={defaultField}
                meta={fields.defaultValue}
                language={language}
                label={t("settings.panel.defaultValue")}
              />
            </FormField>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t("settings.panel.defaultAfterOptions")}
            </Text>
          ))}
      </Stack>
    </FormPanel>
  );
}

/** A flag of the field as a checkbox, with its errors (a required field hidden without a default, say). */
function Flag({ meta, source, label }: { meta: Meta; source: Meta; label: string }) {
  const { key: _key, ...props } = getInputProps(source, { type: "checkbox" });
  return (
    <FormField meta={meta} label={label} hideLabel>
      <Checkbox.Root key={source.key} name={source.name} defaultChecked={props.defaultChecked}>
        <Checkbox.HiddenInput id={props.id} aria-describedby={props["aria-describedby"]} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
    </FormField>
  );
}

/** A limit: a number, or nothing. */
/**
 * A count ("1": whole numbers, as a number input) or a value ("any": a text input, which takes Norwegian's decimal
 * comma wherever the browser's number input would refuse it).
 */
function NumberField({ meta, label, step }: { meta: Meta; label: string; step: string }) {
  const translated = useTranslatedMeta();
  return (
    <FormField meta={translated(meta)} label={label}>
      {step === "any" ? (
        <Input {...getInputProps(meta, { type: "text" })} key={meta.key} inputMode="decimal" />
      ) : (
        <Input {...getInputProps(meta, { type: "number" })} key={meta.key} step={step} />
      )}
    </FormField>
  );
}
