import { Badge, Box, HStack, Stack, Text } from "@chakra-ui/react";
import { getFormProps } from "@conform-to/react";
import type { MouseEvent } from "react";
import { useActionData, useFetcher, useFetchers } from "react-router";
import type { FieldEntity } from "../../../../server/contract/custom-fields.ts";
import type { EntityOrderField } from "../../../../server/contract/entity-order.ts";
import { DataTable, type DataTableColumn } from "../../../components/data-table.tsx";
import { LinkTabs } from "../../../components/link-tabs.tsx";
import { MoveButton } from "../../../components/move-button.tsx";
import { Page, PageHeader } from "../../../components/page-header.tsx";
import { SwitchButton } from "../../../components/switch-button.tsx";
import { useHydrated } from "../../../utils/hydrated.ts";
import { useLanguage } from "../../../utils/i18n.ts";
import { type Direction, useMoveFocus } from "../../../utils/move-focus.ts";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { ErrorDialog } from "../../records/lazy-panels.tsx";
import { labelOf } from "../custom-fields/custom-fields-screen.tsx";
import { entityParam, fieldFormId, fieldManagementUrl, fieldRowId } from "../urls.ts";
import type { FieldManagementResult } from "./field-management.server.ts";
import {
  commandOf,
  type FieldManagementIntent,
  type FieldSwitch,
  fieldManagementIntents,
  fieldManagementSchema,
  movedKeys,
  switchIntent,
} from "./field-management-form.ts";

export interface FieldManagementScreenProps {
  entities: FieldEntity[];
  /** The chosen entity, as the URL names it ("crm.company"). */
  entity: string;
  fields: EntityOrderField[];
  canUpdate: boolean;
}

const fetcherPrefix = (entity: string) => `field-management:${entity}:`;
const moveButtonId = (key: string, direction: Direction) => `move-${direction}-${key}`;

/** The changes on their way (the page's script posts them with fetchers), oldest first. */
function usePendingChanges(entity: string): { key: string; intent: FieldManagementIntent }[] {
  return useFetchers().flatMap((fetcher) => {
    const key = fetcher.formData?.get("key");
    const intent = fetcher.formData?.get("intent");
    const ours = fetcher.key.startsWith(fetcherPrefix(entity)) && fetcher.state !== "idle";
    const known = (fieldManagementIntents as readonly unknown[]).includes(intent);
    return ours && typeof key === "string" && known ? [{ key, intent: intent as FieldManagementIntent }] : [];
  });
}

/** The fields as they will be once the changes on their way are saved: moved, and switched. */
function withPendingChanges(fields: EntityOrderField[], changes: ReturnType<typeof usePendingChanges>) {
  let shown = fields;
  for (const { key, intent } of changes) {
    const command = commandOf(intent);
    if (command.kind === "move") {
      const keys = movedKeys(
        shown.map((field) => field.key),
        key,
        command.direction,
      );
      if (keys) shown = keys.map((k) => shown.find((field) => field.key === k) as EntityOrderField);
    } else if (command.kind === "switch") {
      shown = shown.map((field) => (field.key === key ? { ...field, [command.setting]: command.value } : field));
    }
  }
  return shown;
}

/**
 * The order and the switches of one entity's fields (spec §2 field-management-settings): the entities as tabs, and
 * each field with its kind, Required, Hidden and Active (custom fields only), and buttons to move it up or down.
 * Every control is a form's button, so it works without JavaScript; with it, the changes go by fetchers and show at
 * once.
 */
export function FieldManagementScreen({ entities, entity, fields, canUpdate }: FieldManagementScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = entities.find((e) => entityParam(e) === entity) ?? entities[0];
  const plural = (e: FieldEntity) => (language === "nb" ? e.pluralNb : e.pluralEn);
  const pending = usePendingChanges(entity);
  const rows = withPendingChanges(fields, pending);
  const moving = pending.some((change) => change.intent.startsWith("move-"));
  const focusTarget = useMoveFocus(moveButtonId);
  const label = (field: EntityOrderField) => labelOf(field, language);
  const flag = (on: boolean) => (on ? t("common.yes") : t("common.no"));

  /** Why a switch cannot change (spec §5), or undefined when it can. */
  const lockedBecause = (field: EntityOrderField, setting: FieldSwitch): string | undefined => {
    if (field.builtIn) return t("settings.rules.standardField");
    if (setting === "required" && field.type === "Query" && !field.required) return t("settings.rules.queryRequired");
    // Required and hidden together need a default.
    const other = setting === "hidden" ? field.required : setting === "required" ? field.hidden : false;
    if (!field[setting] && other && !field.hasDefault) return t("settings.rules.hiddenRequired");
    return undefined;
  };

  const switchColumn = (setting: FieldSwitch): DataTableColumn<EntityOrderField> => ({
    key: setting,
    header: t(`settings.fieldManagement.${setting}`),
    cell: (field) => {
      if (!canUpdate) return flag(field[setting]);
      const reason = lockedBecause(field, setting);
      return (
        <SwitchButton
          checked={field[setting]}
          label={t(`settings.fieldManagement.${setting}Of`, { name: label(field) })}
          stateText={flag(field[setting])}
          form={fieldFormId(field.key)}
          name="intent"
          value={switchIntent(setting, !field[setting])}
          disabled={reason !== undefined}
          reason={reason}
        />
      );
    },
  });

  const columns: DataTableColumn<EntityOrderField>[] = [
    { key: "label", header: t("settings.fieldManagement.label"), kind: "primary", cell: label },
    { key: "key", header: t("settings.fieldManagement.key"), cell: (field) => field.key },
    { key: "type", header: t("settings.fieldManagement.type"), cell: (field) => t(`settings.types.${field.type}`) },
    {
      key: "kind",
      header: t("settings.fieldManagement.kind"),
      cell: (field) => (
        <Badge colorPalette={field.builtIn ? "gray" : "teal"} variant="subtle">
          {field.builtIn ? t("settings.fieldManagement.standard") : t("settings.fieldManagement.custom")}
        </Badge>
      ),
    },
    switchColumn("required"),
    switchColumn("hidden"),
    switchColumn("active"),
    ...(canUpdate
      ? [
          {
            key: "order",
            header: t("settings.fieldManagement.order"),
            kind: "action" as const,
            cell: (field: EntityOrderField) => (
              <RowForm
                entity={entity}
                field={field}
                name={label(field)}
                first={field.key === rows[0]?.key}
                last={field.key === rows.at(-1)?.key}
                onMove={(event, direction) => {
                  // Each move is made from the order saved last: one at a time.
                  if (moving) event.preventDefault();
                  else focusTarget.current = { id: field.key, direction };
                }}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Page>
      <PageHeader title={t("settings.fieldManagement.title")} />
      <Stack gap="2">
        <Text color="fg.muted" fontSize="sm" maxW="prose">
          {t("settings.fieldManagement.intro")}
        </Text>
        <LinkTabs
          label={t("settings.fieldManagement.entities")}
          tabs={entities.map((e) => ({
            to: fieldManagementUrl(entityParam(e)),
            label: plural(e),
            current: e === current,
          }))}
        />
      </Stack>
      {/* Busy while changes shown already are on their way. */}
      <Box data-testid="field-order" aria-busy={pending.length > 0 || undefined}>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(field) => field.key}
          rowId={(field) => fieldRowId(field.key)}
          empty={t("settings.fieldManagement.empty")}
        />
      </Box>
    </Page>
  );
}

/**
 * A row's form: the field's key and its move buttons; the row's switches are its buttons too, from their own cells.
 * With JavaScript it posts by a fetcher of its own and shows a refusal's warning itself.
 */
function RowForm({
  entity,
  field,
  name,
  first,
  last,
  onMove,
}: {
  entity: string;
  field: EntityOrderField;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (event: MouseEvent<HTMLButtonElement>, direction: Direction) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<FieldManagementResult>({ key: `${fetcherPrefix(entity)}${field.key}` });
  const actionData = useActionData<FieldManagementResult>();
  const [form] = useSchemaForm(fieldManagementSchema, {
    shouldValidate: "onSubmit",
    id: fieldFormId(field.key),
    lastResult: fetcher.data?.result ?? (actionData?.key === field.key ? actionData.result : undefined),
  });
  const moveButton = (direction: Direction, disabled: boolean) => (
    <MoveButton
      direction={direction}
      id={moveButtonId(field.key, direction)}
      intent={`move-${direction}`}
      label={t(direction === "up" ? "settings.fieldManagement.moveUp" : "settings.fieldManagement.moveDown", { name })}
      disabled={disabled}
      onMove={onMove}
    />
  );
  return (
    <>
      <fetcher.Form method="post" action={fieldManagementUrl(entity)} {...getFormProps(form)}>
        <input type="hidden" name="key" value={field.key} />
        {/* The page's script wants an answer, not the page again. */}
        {hydrated && <input type="hidden" name="enhanced" value="on" />}
        <HStack gap="1" justify="flex-end">
          {moveButton("up", first)}
          {moveButton("down", last)}
        </HStack>
      </fetcher.Form>
      {fetcher.data?.dialog && <ErrorDialog text={fetcher.data.dialog} source={fetcher.data} />}
    </>
  );
}
