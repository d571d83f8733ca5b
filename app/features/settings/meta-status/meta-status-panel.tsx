import { HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { type FormEvent, useRef } from "react";
import { Form } from "react-router";
import {
  type MetaStatusKindOrStatus,
  type MetaStatusSetting,
  metaStatusInputSchema,
} from "../../../../server/contract/meta-status.ts";
import { CheckField } from "../../../components/check-label.tsx";
import { FormField, SubmitButton } from "../../../components/form-field.tsx";
import { PanelCancel, SidePanel } from "../../../components/side-panel.tsx";
import { useHydrated } from "../../../utils/hydrated.ts";
import { useLanguage } from "../../../utils/i18n.ts";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { useTranslatedMeta } from "../settings-messages.ts";
import { metaStatusFormDefaults, parseMetaStatusForm } from "./meta-status-form.ts";
import { valueName } from "./meta-status-screen.tsx";
import { META_STATUS_FORM_ID } from "./meta-status-urls.ts";

type Meta = FieldMetadata<unknown>;

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The colour as text (a hex code, checked by the contract's schema), and with JavaScript a colour picker beside it
 * that fills the text in, and follows it.
 */
function ColourInput({ meta }: { meta: Meta }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const text = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const initial = typeof meta.initialValue === "string" && HEX.test(meta.initialValue) ? meta.initialValue : "#000000";
  const picked = (event: FormEvent<HTMLInputElement>) => {
    if (!text.current) return;
    text.current.value = event.currentTarget.value.toUpperCase();
    // The form's validation hears of it as of typing.
    text.current.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const typed = (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value.trim();
    if (picker.current && HEX.test(value)) picker.current.value = value.toLowerCase();
  };
  return (
    <HStack gap="2">
      <Input
        {...getInputProps(meta, { type: "text" })}
        key={meta.key}
        ref={text}
        placeholder="#1A7F37"
        autoComplete="off"
        spellCheck={false}
        fontFamily="mono"
        onInput={typed}
      />
      {hydrated && (
        <Input
          ref={picker}
          type="color"
          defaultValue={initial.toLowerCase()}
          onInput={picked}
          aria-label={t("settings.metaStatus.pickColour")}
          w="12"
          p="1"
          flexShrink="0"
          cursor="pointer"
        />
      )}
    </HStack>
  );
}

/** A flag of the value as a checkbox, with what it means under it. */
function Flag({ meta, label, hint }: { meta: Meta; label: string; hint: string }) {
  const translated = useTranslatedMeta();
  return (
    <FormField meta={translated(meta)} label={label} hideLabel>
      <Stack gap="1">
        <CheckField meta={meta} label={label} />
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      </Stack>
    </FormField>
  );
}

export interface MetaStatusPanelProps {
  kind: MetaStatusKindOrStatus;
  /** The value to change; a new one without it. */
  value?: MetaStatusSetting;
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  closeTo: string;
}

/**
 * A status, priority, category or source in a side panel (URL state, so it opens and saves without JavaScript): its
 * names in both languages, colour, place in the order, and whether it is the default, active and (a status) closes
 * the item. The contract's schema checks it as fields are left and in the action.
 */
export function MetaStatusPanel({ kind, value, lastResult, action, closeTo }: MetaStatusPanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const translated = useTranslatedMeta();
  const [form, fields] = useSchemaForm(metaStatusInputSchema, {
    id: META_STATUS_FORM_ID,
    lastResult,
    defaultValue: metaStatusFormDefaults(value),
    parse: parseMetaStatusForm,
  });
  const one = t(`settings.metaStatus.one.${kind}`);
  const text = (meta: Meta, extra: { autoFocus?: boolean } = {}) => (
    <Input {...getInputProps(meta, { type: "text" })} key={meta.key} {...extra} />
  );
  return (
    <SidePanel
      title={
        value
          ? t("settings.metaStatus.editTitle", { name: valueName(value, language) })
          : t("settings.metaStatus.addTitle", { kind: one })
      }
      closeTo={closeTo}
      formId={form.id}
      testId="meta-status-panel"
      footer={
        <>
          <PanelCancel />
          <SubmitButton form={form.id} intent="save">
            {value ? t("common.saveChanges") : t("common.save")}
          </SubmitButton>
        </>
      }
    >
      <Form method="post" action={action} {...getFormProps(form)} noValidate>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField meta={translated(fields.nameEn)} label={t("settings.metaStatus.nameEn")}>
              {text(fields.nameEn, { autoFocus: true })}
            </FormField>
            <FormField meta={translated(fields.nameNb)} label={t("settings.metaStatus.nameNb")}>
              {text(fields.nameNb)}
            </FormField>
          </SimpleGrid>
          <FormField meta={translated(fields.colour)} label={t("settings.metaStatus.colour")}>
            <ColourInput meta={fields.colour} />
            <Text fontSize="xs" color="fg.muted">
              {t("settings.metaStatus.colourHint")}
            </Text>
          </FormField>
          <FormField meta={translated(fields.rank)} label={t("settings.metaStatus.order")}>
            <Input {...getInputProps(fields.rank, { type: "number" })} key={fields.rank.key} step="1" min="0" />
            <Text fontSize="xs" color="fg.muted">
              {t("settings.metaStatus.orderHint")}
            </Text>
          </FormField>
          <Flag
            meta={fields.isDefault}
            label={t("settings.metaStatus.default")}
            hint={t("settings.metaStatus.defaultHint", { kind: one })}
          />
          <Flag
            meta={fields.active}
            label={t("settings.metaStatus.active")}
            hint={t("settings.metaStatus.activeHint")}
          />
          {kind === "status" && (
            <Flag
              meta={fields.closed}
              label={t("settings.metaStatus.closed")}
              hint={t("settings.metaStatus.closedHint")}
            />
          )}
        </Stack>
      </Form>
    </SidePanel>
  );
}
