import { Checkbox, Input, Stack, Textarea } from "@chakra-ui/react";
import {
  type FieldMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { FocusEvent } from "react";
import type { FieldDefinition } from "../../server/contract/fields.ts";
import type { Language } from "../utils/i18n.ts";
import { useTranslation } from "../utils/translation.tsx";
import { OptionSelect } from "./option-select.tsx";

/** Text inputs are trimmed when left (spec §5), so what the user sees is what is saved. */
function trimOnBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) {
  const { value } = event.currentTarget;
  if (value !== value.trim()) event.currentTarget.value = value.trim();
}

function optionLabel(option: { labelEn: string; labelNb: string }, language: Language) {
  return language === "nb" ? option.labelNb : option.labelEn;
}

export interface FieldInputProps {
  field: FieldDefinition;
  /** The field's Conform metadata; its initial value is as the input shows it (a percentage, a local time). */
  meta: FieldMetadata<unknown>;
  language: Language;
  /** The label a checkbox shows beside it (other controls are labelled by FormField). */
  label: string;
  autoFocus?: boolean;
}

/** The input for a field of any of the product's types, as the record form shows it. */
export function FieldInput({ field, meta, language, label, autoFocus }: FieldInputProps) {
  const { t } = useTranslation();
  const text = { onBlur: trimOnBlur, autoFocus };
  switch (field.type) {
    case "LongText":
      return <Textarea {...getTextareaProps(meta)} key={meta.key} rows={4} {...text} />;
    case "Date":
      return <Input {...getInputProps(meta, { type: "date" })} key={meta.key} autoFocus={autoFocus} />;
    case "DateTime":
      return <Input {...getInputProps(meta, { type: "datetime-local" })} key={meta.key} autoFocus={autoFocus} />;
    case "Number":
    case "Percent":
      return <Input {...getInputProps(meta, { type: "text" })} key={meta.key} inputMode="decimal" {...text} />;
    case "Email":
      return <Input {...getInputProps(meta, { type: "email" })} key={meta.key} autoComplete="off" {...text} />;
    case "Phone":
      return <Input {...getInputProps(meta, { type: "tel" })} key={meta.key} {...text} />;
    case "Url":
      return <Input {...getInputProps(meta, { type: "url" })} key={meta.key} {...text} />;
    case "Bool": {
      const { key: _key, ...props } = getInputProps(meta, { type: "checkbox" });
      return (
        <Checkbox.Root key={meta.key} name={meta.name} defaultChecked={props.defaultChecked}>
          <Checkbox.HiddenInput id={props.id} autoFocus={autoFocus} aria-describedby={props["aria-describedby"]} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      );
    }
    case "List":
      return (
        <OptionSelect
          {...getSelectProps(meta)}
          key={meta.key}
          autoFocus={autoFocus}
          options={(field.settings.options ?? []).map((option) => ({
            value: option.value,
            label: optionLabel(option, language),
          }))}
          empty={t("common.none")}
        />
      );
    case "MultiSelect": {
      const options = field.settings.options ?? [];
      const boxes = getCollectionProps(meta, { type: "checkbox", options: options.map((option) => option.value) });
      return (
        <Stack gap="1" role="group" aria-label={label} key={meta.key}>
          {boxes.map(({ key, ...props }, index) => (
            <Checkbox.Root
              key={key}
              name={props.name}
              value={props.value}
              defaultChecked={props.defaultChecked}
              // Inside FormField every checkbox would take the field's one control and label id: each label would then
              // toggle the first box, and every box be named after the field instead of its option.
              ids={{ hiddenInput: `${meta.id}-option-${index}`, label: `${meta.id}-option-${index}-label` }}
            >
              <Checkbox.HiddenInput autoFocus={autoFocus && index === 0} />
              <Checkbox.Control />
              <Checkbox.Label>{optionLabel(options[index], language)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      );
    }
    default:
      return <Input {...getInputProps(meta, { type: "text" })} key={meta.key} {...text} />;
  }
}
