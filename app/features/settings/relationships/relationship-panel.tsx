import { Alert, Checkbox, DataList, Fieldset, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FieldMetadata, getCollectionProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { FieldEntity } from "../../../../server/contract/custom-fields.ts";
import {
  type RelationshipDto,
  relationshipChangeSchema,
  relationshipTypes,
} from "../../../../server/contract/relationships.ts";
import { FormField } from "../../../components/form-field.tsx";
import { FormPanel } from "../../../components/form-panel.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { useLanguage } from "../../../utils/i18n.ts";
import { useMessageText } from "../../../utils/message-text.ts";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { useSettingsMessage, useTranslatedMeta } from "../settings-messages.ts";
import { entityParam } from "../urls.ts";
import {
  type GroupOption,
  newRelationshipDefaults,
  newRelationshipFormSchema,
  parseNewRelationshipForm,
  parseRelationshipChangeForm,
  type RelationshipChangeFormValue,
  relationshipChangeDefaults,
} from "./relationship-form.ts";
import { RELATIONSHIP_FORM_ID } from "./relationship-urls.ts";
import { relationshipName, useEntityName } from "./relationships-screen.tsx";

type Meta = FieldMetadata<unknown>;

/** A side's fields, by the names the contract gives them. */
type SideFields = Record<"labelEn" | "labelNb" | "nameEn" | "nameNb" | "visible" | "groups", Meta>;

interface PanelProps {
  entities: FieldEntity[];
  /** The groups a side may be shown to; null when the user may not list them. */
  groups: GroupOption[] | null;
  lastResult?: SubmissionResult<string[]> | null;
  action: string;
  closeTo: string;
}

/** Why the API refused the form as a whole (a conflict, an entity gone), above its fields. */
function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  const messageText = useMessageText();
  const settingsMessage = useSettingsMessage();
  if (!errors?.length) return null;
  return (
    <Alert.Root status="error" id={id} data-testid="form-error">
      <Alert.Indicator />
      <Alert.Title>{errors.map((error) => messageText(settingsMessage(error))).join(" ")}</Alert.Title>
    </Alert.Root>
  );
}

/** A flag as a checkbox, which posts "on" when ticked and nothing when not, with or without JavaScript. */
function Flag({ meta, label }: { meta: Meta; label: string }) {
  const translated = useTranslatedMeta();
  const { key: _key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <FormField meta={translated(meta)} label={label} hideLabel>
      <Checkbox.Root key={meta.key} name={meta.name} defaultChecked={props.defaultChecked}>
        <Checkbox.HiddenInput id={props.id} aria-describedby={props["aria-describedby"]} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
    </FormField>
  );
}

/** The groups that see a side, as checkboxes (none: everyone); kept as they are when they cannot be listed. */
function GroupChoice({ meta, groups, label }: { meta: Meta; groups: GroupOption[] | null; label: string }) {
  const { t } = useTranslation();
  const translated = useTranslatedMeta();
  const messageText = useMessageText();
  const errors = translated(meta).errors ?? [];
  if (groups === null) {
    const chosen = ([] as unknown[]).concat(meta.initialValue ?? []).filter((v) => typeof v === "string");
    return (
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {t("settings.relationshipPanel.groupsUnavailable")}
        </Text>
        {chosen.map((uuid) => (
          <input key={uuid} type="hidden" name={meta.name} value={uuid} />
        ))}
      </Stack>
    );
  }
  const boxes = getCollectionProps(meta, { type: "checkbox", options: groups.map((group) => group.uuid) });
  return (
    <Fieldset.Root invalid={errors.length > 0}>
      <Fieldset.Legend fontSize="sm">{label}</Fieldset.Legend>
      <Fieldset.HelperText>{t("settings.relationshipPanel.groupsHint")}</Fieldset.HelperText>
      <Fieldset.Content>
        {groups.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t("settings.relationshipPanel.noGroups")}
          </Text>
        ) : (
          <Stack gap="1" maxH="40" overflowY="auto" key={meta.key}>
            {boxes.map(({ key, ...props }, index) => (
              <Checkbox.Root key={key} name={props.name} value={props.value} defaultChecked={props.defaultChecked}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{groups[index]?.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Fieldset.Content>
      <Fieldset.ErrorText>{errors.map(messageText).join(" ")}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

/** One side's words and visibility: what its records call the linked records, and who sees them there. */
function SideFieldset({
  side,
  legend,
  fields,
  groups,
}: {
  side: 1 | 2;
  legend: string;
  fields: SideFields;
  groups: GroupOption[] | null;
}) {
  const { t } = useTranslation();
  const translated = useTranslatedMeta();
  const text = (meta: Meta, label: string) => (
    <FormField meta={translated(meta)} label={label}>
      <Input {...getInputProps(meta, { type: "text" })} key={meta.key} />
    </FormField>
  );
  const number = { number: side };
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Fieldset.HelperText>{t("settings.relationshipPanel.sideHint")}</Fieldset.HelperText>
      <Fieldset.Content>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {text(fields.labelEn, t("settings.relationshipPanel.labelEn", number))}
            {text(fields.labelNb, t("settings.relationshipPanel.labelNb", number))}
            {text(fields.nameEn, t("settings.relationshipPanel.nameEn", number))}
            {text(fields.nameNb, t("settings.relationshipPanel.nameNb", number))}
          </SimpleGrid>
          <Flag meta={fields.visible} label={t("settings.relationshipPanel.visible", number)} />
          <GroupChoice meta={fields.groups} groups={groups} label={t("settings.relationshipPanel.groups", number)} />
        </Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** The fields of both sides, from the form's fields. */
function sidesOf(fields: Record<keyof RelationshipChangeFormValue, Meta>): [SideFields, SideFields] {
  return [
    {
      labelEn: fields.label1En,
      labelNb: fields.label1Nb,
      nameEn: fields.name1En,
      nameNb: fields.name1Nb,
      visible: fields.visible1,
      groups: fields.visibleGroups1,
    },
    {
      labelEn: fields.label2En,
      labelNb: fields.label2Nb,
      nameEn: fields.name2En,
      nameNb: fields.name2Nb,
      visible: fields.visible2,
      groups: fields.visibleGroups2,
    },
  ];
}

/** A select of one of the form's fields, with a first option that chooses nothing. */
function Select({
  meta,
  label,
  placeholder,
  options,
}: {
  meta: Meta;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  const translated = useTranslatedMeta();
  return <SelectField meta={meta} shown={translated(meta)} label={label} empty={placeholder} options={options} />;
}

/**
 * A new relationship in a side panel (URL state, so it opens and saves without JavaScript): its two entities and its
 * type, which stay, then each side's words and visibility, and whether it is a favorite. The contract's schema checks
 * it as fields are left and in the action.
 */
export function NewRelationshipPanel({
  entities,
  groups,
  lastResult,
  action,
  closeTo,
  entity,
}: PanelProps & {
  /** The entity the list is filtered to, chosen as entity 1 at first. */
  entity: string | null;
}) {
  const { t } = useTranslation();
  const entityName = useEntityName(entities);
  const [form, fields] = useSchemaForm(newRelationshipFormSchema, {
    id: RELATIONSHIP_FORM_ID,
    lastResult,
    defaultValue: newRelationshipDefaults(entity ?? undefined),
    parse: parseNewRelationshipForm,
  });
  const entityOptions = entities.map((e) => ({ value: entityParam(e), label: entityName(entityParam(e)) }));
  const [side1, side2] = sidesOf(fields);
  return (
    <FormPanel
      title={t("settings.relationshipPanel.addTitle")}
      closeTo={closeTo}
      testId="relationship-panel"
      form={form}
      action={action}
    >
      <Stack gap="6">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Fieldset.Root>
          <Fieldset.Legend>{t("settings.relationshipPanel.entitiesAndType")}</Fieldset.Legend>
          <Fieldset.HelperText>{t("settings.relationshipPanel.typeHint")}</Fieldset.HelperText>
          <Fieldset.Content>
            <Stack gap="4">
              <Select
                meta={fields.entity1}
                label={t("settings.relationshipPanel.entity1")}
                placeholder={t("settings.relationshipPanel.chooseEntity")}
                options={entityOptions}
              />
              <Select
                meta={fields.type}
                label={t("settings.relationshipPanel.type")}
                placeholder={t("settings.relationshipPanel.chooseType")}
                options={relationshipTypes.map((type) => ({
                  value: type,
                  label: t(`settings.relationships.types.${type}`),
                }))}
              />
              <Select
                meta={fields.entity2}
                label={t("settings.relationshipPanel.entity2")}
                placeholder={t("settings.relationshipPanel.chooseEntity")}
                options={entityOptions}
              />
            </Stack>
          </Fieldset.Content>
        </Fieldset.Root>
        <SideFieldset
          side={1}
          legend={t("settings.relationshipPanel.side", { number: 1 })}
          fields={side1}
          groups={groups}
        />
        <SideFieldset
          side={2}
          legend={t("settings.relationshipPanel.side", { number: 2 })}
          fields={side2}
          groups={groups}
        />
        <Flag meta={fields.favorite} label={t("settings.relationshipPanel.favorite")} />
      </Stack>
    </FormPanel>
  );
}

/** A relationship's words, visibility and favorite flag; its entities and type are shown and stay. */
export function EditRelationshipPanel({
  relationship,
  entities,
  groups,
  lastResult,
  action,
  closeTo,
}: PanelProps & { relationship: RelationshipDto }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const entityName = useEntityName(entities);
  const [form, fields] = useSchemaForm(relationshipChangeSchema, {
    id: RELATIONSHIP_FORM_ID,
    lastResult,
    defaultValue: relationshipChangeDefaults(relationship),
    parse: parseRelationshipChangeForm,
  });
  const [side1, side2] = sidesOf(fields);
  const entity1 = entityName(`${relationship.schema1}.${relationship.key1}`);
  const entity2 = entityName(`${relationship.schema2}.${relationship.key2}`);
  return (
    <FormPanel
      title={t("settings.relationshipPanel.editTitle", { name: relationshipName(relationship, language) })}
      closeTo={closeTo}
      testId="relationship-panel"
      form={form}
      action={action}
      edit
    >
      <Stack gap="6">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Stack gap="2">
          <DataList.Root orientation="horizontal" data-testid="relationship-fixed">
            {[
              { label: t("settings.relationships.entity1"), value: entity1 },
              {
                label: t("settings.relationships.type"),
                value: t(`settings.relationships.types.${relationship.type}`),
              },
              { label: t("settings.relationships.entity2"), value: entity2 },
            ].map((item) => (
              <DataList.Item key={item.label}>
                <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
                <DataList.ItemValue>{item.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Text fontSize="xs" color="fg.muted">
            {t("settings.relationshipPanel.fixed")}
          </Text>
        </Stack>
        <SideFieldset
          side={1}
          legend={t("settings.relationshipPanel.sideOf", { number: 1, entity: entity1 })}
          fields={side1}
          groups={groups}
        />
        <SideFieldset
          side={2}
          legend={t("settings.relationshipPanel.sideOf", { number: 2, entity: entity2 })}
          fields={side2}
          groups={groups}
        />
        <Flag meta={fields.favorite} label={t("settings.relationshipPanel.favorite")} />
      </Stack>
    </FormPanel>
  );
}
