import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Drawer,
  Field,
  Input,
  NativeSelect,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { Form, Link as RouterLink, useNavigate, useNavigation } from "react-router";
import type { FieldDefinition } from "../../../server/contract/fields.ts";
import type { EntityInfo, MetaStatus, RecordDto } from "../../../server/contract/records.ts";
import { Stack } from "../../components/layout.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import type { ActionResult } from "./actions.server.ts";
import { displayPercent, fieldLabel } from "./field-labels.ts";
import "../../theme-deferred.ts";

function inputValue(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (field.type === "Percent" && typeof value === "number") return displayPercent(value);
  if (field.type === "DateTime") return String(value).slice(0, 16);
  return String(value);
}

function FieldInput({ field, value, language }: { field: FieldDefinition; value: unknown; language: "en" | "nb" }) {
  const { t } = useTranslation();
  const name = field.key;
  const text = inputValue(field, value);
  switch (field.type) {
    case "LongText":
      return <Textarea name={name} defaultValue={text} rows={4} />;
    case "Date":
      return <Input type="date" name={name} defaultValue={text} />;
    case "DateTime":
      return <Input type="datetime-local" name={name} defaultValue={text} />;
    case "Number":
    case "Percent":
      return <Input name={name} defaultValue={text} inputMode="decimal" />;
    case "Email":
      return <Input type="email" name={name} defaultValue={text} autoComplete="off" />;
    case "Phone":
      return <Input type="tel" name={name} defaultValue={text} />;
    case "Url":
      return <Input type="url" name={name} defaultValue={text} />;
    case "Bool":
      return (
        <Checkbox.Root name={name} defaultChecked={value === true}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{fieldLabel(field, language)}</Checkbox.Label>
        </Checkbox.Root>
      );
    case "List":
      return (
        <NativeSelect.Root>
          <NativeSelect.Field name={name} defaultValue={text}>
            <option value="">{t("records.none")}</option>
            {field.settings.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {language === "nb" ? option.labelNb : option.labelEn}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case "MultiSelect": {
      const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
      return (
        <Stack gap="1">
          {field.settings.options?.map((option) => (
            <label key={option.value}>
              <input type="checkbox" name={name} value={option.value} defaultChecked={chosen.has(option.value)} />{" "}
              {language === "nb" ? option.labelNb : option.labelEn}
            </label>
          ))}
        </Stack>
      );
    }
    default:
      return <Input name={name} defaultValue={text} />;
  }
}

export interface RecordPanelProps {
  info: EntityInfo;
  statuses: MetaStatus[];
  record?: RecordDto;
  result?: ActionResult;
  closeTo: string;
  action: string;
  /** View mode: the values, read-only, and only a Close button. */
  readOnly?: boolean;
}

/** Add and edit in a side panel; it is part of the URL, so it also opens and works without JavaScript. */
export function RecordPanel({ info, statuses, record, result, closeTo, action, readOnly = false }: RecordPanelProps) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const values = result?.values ?? record?.values ?? {};
  const statusId = result?.statusId ?? record?.statusId ?? statuses.find((s) => s.isDefault)?.metaStatusId ?? "";
  const errors = result?.fieldErrors ?? {};
  const title = readOnly
    ? (record?.rowName ?? "")
    : record
      ? t("records.editTitle", { name: record.rowName })
      : t("records.addTitle", { entity: language === "nb" ? info.labelNb.toLowerCase() : info.labelEn.toLowerCase() });
  const busy = navigation.state === "submitting";
  return (
    <Drawer.Root
      open
      size="md"
      onOpenChange={(details) => !details.open && navigate(closeTo)}
      onFocusOutside={(e) => e.preventDefault()}
    >
      <Drawer.Backdrop />
      <Drawer.Positioner>
        <Drawer.Content data-testid="record-panel">
          <Form method="post" action={action} noValidate style={{ display: "contents" }}>
            <fieldset disabled={readOnly} style={{ display: "contents" }}>
              <Drawer.Header>
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="4">
                  <Field.Root>
                    <Field.Label>{t("records.status")}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="statusId" defaultValue={statusId}>
                        {statuses.map((status) => (
                          <option key={status.metaStatusId} value={status.metaStatusId}>
                            {language === "nb" ? status.nameNb : status.nameEn}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {info.fields
                    .filter((field) => field.active)
                    .map((field) => {
                      const error = errors[field.customField ? `customFields.${field.key}` : field.key];
                      return (
                        <Field.Root key={field.key} invalid={Boolean(error)} required={field.required}>
                          {field.type !== "Bool" && (
                            <Field.Label>
                              {fieldLabel(field, language)}
                              <Field.RequiredIndicator />
                            </Field.Label>
                          )}
                          <FieldInput field={field} value={values[field.key]} language={language} />
                          <Field.ErrorText>{error}</Field.ErrorText>
                        </Field.Root>
                      );
                    })}
                </Stack>
              </Drawer.Body>
            </fieldset>
            <Drawer.Footer>
              {readOnly ? (
                <Button asChild variant="outline">
                  <RouterLink to={closeTo}>{t("records.close")}</RouterLink>
                </Button>
              ) : (
                <>
                  <Button asChild variant="outline">
                    <RouterLink to={closeTo}>{t("records.cancel")}</RouterLink>
                  </Button>
                  <Button type="submit" name="intent" value="save" colorPalette="teal" loading={busy}>
                    {record ? t("records.saveChanges") : t("records.save")}
                  </Button>
                </>
              )}
            </Drawer.Footer>
          </Form>
          <Drawer.CloseTrigger asChild>
            <CloseButton size="sm" asChild>
              <RouterLink to={closeTo} aria-label={t("records.close")} />
            </CloseButton>
          </Drawer.CloseTrigger>
        </Drawer.Content>
      </Drawer.Positioner>
    </Drawer.Root>
  );
}

/** The confirmation before deleting: a dialog in the URL, so it works without JavaScript. */
export function ConfirmDeleteDialog({ name, closeTo, action }: { name: string; closeTo: string; action: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => !details.open && navigate(closeTo)}
      onFocusOutside={(e) => e.preventDefault()}
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="confirm-delete">
          <Form method="post" action={action}>
            <Dialog.Header>
              <Dialog.Title>{t("records.delete")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t("records.confirmDelete", { name })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild variant="outline">
                <RouterLink to={closeTo}>{t("records.cancel")}</RouterLink>
              </Button>
              <Button type="submit" name="intent" value="delete" colorPalette="red">
                {t("records.delete")}
              </Button>
            </Dialog.Footer>
          </Form>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

/** The warning dialog for a failed change; with JavaScript off it arrives already open, with the page. */
export function ErrorDialog({ text, closeTo }: { text: string; closeTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && navigate(closeTo)}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="error-dialog">
          <Dialog.Header>
            <Dialog.Title>{t("records.errorTitle")}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Text>{text}</Text>
          </Dialog.Body>
          <Dialog.Footer>
            <Button asChild colorPalette="teal">
              <RouterLink to={closeTo}>{t("records.close")}</RouterLink>
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
