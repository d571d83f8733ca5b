import {
  Box,
  Button,
  Fieldset,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from "@chakra-ui/react";
import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ChangeEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import {
  type CatalogEntity,
  type QueryResultPage,
  type SearchCatalog,
  type SearchOperation,
  searchOperations,
  takesParam,
} from "../../../server/contract/advanced-search.ts";
import { joinTypes } from "../../../server/contract/advanced-search-texts.ts";
import { CheckLabel } from "../../components/check-label.tsx";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { OptionSelect } from "../../components/option-select.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useHydrated } from "../../utils/hydrated.ts";
import { useLanguage } from "../../utils/i18n.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { BuilderData } from "./builder.server.ts";
import {
  type BuilderEntityForm,
  type BuilderForm,
  type BuilderResult,
  builderConstraintSchema,
  parseBuilderForm,
  QUERY_FORM_ID,
} from "./builder-form.ts";
import {
  chosenName,
  dateFields,
  entityName,
  filterableFields,
  findEntity,
  joinOptions,
  labelOf,
  operationKeys,
  pluralOf,
  withFittingChoices,
} from "./catalog.ts";
import { useJoinTypeText } from "./join-type-text.ts";
import { ResultTable } from "./result-table.tsx";
import { ADVANCED_SEARCH_PATH, queryUrl } from "./urls.ts";

export type QueryForm = FormMetadata<BuilderForm, string[]>;

/** A native select of a Conform field; its options are children. */
function Select({
  meta,
  children,
  onChange,
}: {
  meta: FieldMetadata<string | undefined, BuilderForm, string[]>;
  children: ReactNode;
  onChange?: (value: string) => void;
}) {
  return (
    <NativeSelect.Root key={meta.key}>
      <NativeSelect.Field
        {...getSelectProps(meta)}
        onChange={onChange && ((event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value))}
      >
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * Without JavaScript a choice that others depend on (an entity, a join, a filter's field and operation) is applied
 * by posting the form, which comes back with the choices that fit; with JavaScript they follow at once.
 */
function ApplyButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <Button type="submit" name="intent" value="apply" formNoValidate variant="outline" size="sm" aria-label={label}>
      {t("advancedSearch.builder.apply")}
    </Button>
  );
}

/** A group's errors, such as the fields' checkboxes or a join's choice, in the page's language. */
function GroupErrors({ meta }: { meta: { errors?: string[]; errorId: string } }) {
  const messageText = useMessageText();
  if (!meta.errors?.length) return null;
  return (
    <Text id={meta.errorId} color="fg.error" fontSize="sm">
      {meta.errors.map(messageText).join(" ")}
    </Text>
  );
}

/** The form of a definition (a query's, a data source's), checked on submit and then as it changes. */
export function useBuilderForm(
  id: string,
  defaultValue: BuilderForm | undefined,
  lastResult: BuilderResult | undefined,
) {
  return useForm<BuilderForm, BuilderForm, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(builderConstraintSchema),
    // Not on blur: a message appearing as a field is left would move the buttons under the pointer mid-click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseBuilderForm(formData) as never,
  });
}

/** Why a definition's form was refused as a whole, then its name and description, and any fields given beside them. */
export function NameFields({
  form,
  nameLabel,
  descriptionLabel,
  children,
}: {
  form: QueryForm;
  nameLabel: string;
  descriptionLabel: string;
  children?: ReactNode;
}) {
  const messageText = useMessageText();
  const fields = form.getFieldset();
  return (
    <>
      {form.errors?.length ? (
        <Text color="fg.error" id={form.errorId}>
          {form.errors.map(messageText).join(" ")}
        </Text>
      ) : null}
      <Stack gap="4">
        <FormField meta={fields.name} label={nameLabel}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
        </FormField>
        <FormField meta={fields.description} label={descriptionLabel}>
          <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} />
        </FormField>
        {children}
      </Stack>
    </>
  );
}

export interface BuilderScreenProps extends BuilderData {
  lastResult?: BuilderResult;
  preview?: QueryResultPage;
}

/**
 * The query builder (spec §3): name, description and kind; the main entity and the entities joined to it through
 * their relationships; per entity the fields to show, the filters and a date range; the sort. Preview runs it as it
 * is; Save saves it. One Conform form on the contract's schema, which works without JavaScript as a form in steps.
 */
export function BuilderScreen({
  title,
  mode,
  saved,
  types,
  catalog,
  defaultValue,
  lastResult,
  preview,
}: BuilderScreenProps) {
  const { t } = useTranslation();
  const [form, fields] = useBuilderForm(QUERY_FORM_ID, defaultValue, lastResult);
  const names = chosenNames(fields);
  const cancelTo = saved ? queryUrl(saved.queryType, saved.id, "view") : ADVANCED_SEARCH_PATH;

  return (
    <Page>
      <PageHeader title={title} breadcrumb={{ label: t("advancedSearch.title"), to: ADVANCED_SEARCH_PATH }} />
      <Form method="post" {...getFormProps(form)} noValidate>
        {/* Enter in a text box previews: the form's first submit button is its default one. */}
        <VisuallyHidden aria-hidden>
          <button type="submit" name="intent" value="preview" tabIndex={-1}>
            {t("advancedSearch.builder.preview")}
          </button>
        </VisuallyHidden>
        <Stack gap="6" maxW="4xl">
          <NameFields
            form={form}
            nameLabel={t("advancedSearch.name")}
            descriptionLabel={t("advancedSearch.description")}
          >
            <Fieldset.Root invalid={Boolean(fields.queryType.errors?.length)}>
              <Fieldset.Legend>{t("advancedSearch.builder.kind")}</Fieldset.Legend>
              {mode === "edit" ? (
                // A saved query keeps its kind; "Save as new" may choose another.
                <Text>
                  <input type="hidden" name={fields.queryType.name} value={types[0]} />
                  {t(`advancedSearch.types.${types[0]}`)}
                </Text>
              ) : (
                <HStack gap="5" data-testid="query-kind">
                  {types.map((type) => (
                    <CheckLabel key={`${fields.queryType.key}-${type}`}>
                      <input
                        type="radio"
                        name={fields.queryType.name}
                        value={type}
                        defaultChecked={fields.queryType.initialValue === type}
                      />
                      {t(`advancedSearch.types.${type}`)}
                    </CheckLabel>
                  ))}
                </HStack>
              )}
              <GroupErrors meta={fields.queryType} />
            </Fieldset.Root>
          </NameFields>

          <DefinitionFields form={form} fields={fields} catalog={catalog} />

          <HStack gap="3" wrap="wrap">
            <SubmitButton intent="preview" variant="outline">
              {t("advancedSearch.builder.preview")}
            </SubmitButton>
            <SubmitButton intent="save">{mode === "edit" ? t("common.saveChanges") : t("common.save")}</SubmitButton>
            <Button asChild variant="ghost">
              <Link to={cancelTo}>{t("common.cancel")}</Link>
            </Button>
          </HStack>
        </Stack>
      </Form>
      {preview && names[0] && <QueryPreview preview={preview} mainEntity={names[0]} />}
    </Page>
  );
}

/** The first page of a definition run as it is, under the form that previews it. */
export function QueryPreview({ preview, mainEntity }: { preview: QueryResultPage; mainEntity: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t("advancedSearch.builder.previewTitle")}
      </Heading>
      <Text data-testid="preview-count" color="fg.muted">
        {t("advancedSearch.builder.previewCount", { shown: preview.content.length, count: preview.totalElements })}
      </Text>
      <ResultTable result={preview} mainEntity={mainEntity} testId="preview" />
    </Stack>
  );
}

/** The entities the form's definition names, in order ("crm.company"; undefined where none is chosen yet). */
export function chosenNames(fields: ReturnType<QueryForm["getFieldset"]>): (string | undefined)[] {
  return fields.definition
    .getFieldset()
    .entities.getFieldList()
    .map((meta, index) => chosenName(index, (meta.value ?? {}) as BuilderEntityForm));
}

/**
 * A query definition's part of a form (spec §3): the main entity and the joined ones, each with its fields, filters
 * and date range, the join button, and the sort. The advanced search's builder and a data source's form share it.
 */
export function DefinitionFields({
  form,
  fields,
  catalog,
}: {
  form: QueryForm;
  fields: ReturnType<QueryForm["getFieldset"]>;
  catalog: SearchCatalog;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const definition = fields.definition.getFieldset();
  const entityList = definition.entities.getFieldList();
  const names = chosenNames(fields);
  const chosen = names.map((name) => findEntity(catalog, name));
  const canJoin = chosen[0] !== undefined && joinOptions(catalog, names, names.length).length > 0;
  const sort = definition.sort.getFieldset();
  return (
    <>
      {entityList.map((entityMeta, index) => (
        <EntitySection
          key={entityMeta.key}
          form={form}
          meta={entityMeta}
          index={index}
          entitiesName={definition.entities.name}
          catalog={catalog}
          names={names}
          entity={chosen[index]}
        />
      ))}
      {canJoin && (
        <HStack>
          <Button
            {...form.insert.getButtonProps({ name: definition.entities.name, defaultValue: { join: "" } })}
            type="submit"
            variant="outline"
            size="sm"
          >
            {t("advancedSearch.builder.addJoin")}
          </Button>
        </HStack>
      )}

      {chosen[0] && (
        <Fieldset.Root>
          <Fieldset.Legend>
            <Heading as="h2" size="md">
              {t("advancedSearch.builder.sort")}
            </Heading>
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField meta={sort.field} label={t("advancedSearch.builder.sortField")}>
              <Select meta={sort.field}>
                <option value="">{t("advancedSearch.builder.sortDefault")}</option>
                {chosen.map(
                  (entity) =>
                    entity && (
                      <optgroup key={entityName(entity)} label={pluralOf(entity, language)}>
                        {entity.fields
                          .filter((field) => field.sortable)
                          .map((field) => (
                            <option key={field.key} value={`${entityName(entity)}.${field.key}`}>
                              {labelOf(field, language)}
                            </option>
                          ))}
                      </optgroup>
                    ),
                )}
              </Select>
            </FormField>
            <FormField meta={sort.direction} label={t("advancedSearch.builder.direction")}>
              <Select meta={sort.direction}>
                <option value="asc">{t("advancedSearch.builder.ascending")}</option>
                <option value="desc">{t("advancedSearch.builder.descending")}</option>
              </Select>
            </FormField>
          </SimpleGrid>
        </Fieldset.Root>
      )}
    </>
  );
}

type EntityMeta = FieldMetadata<BuilderEntityForm, BuilderForm, string[]>;

/**
 * One entity of the query: which it is (the main one, or a join), its fields, its filters and its date range. A data
 * source's form (a data source is a query definition) shows its entities with it too.
 */
export function EntitySection({
  form,
  meta,
  index,
  entitiesName,
  catalog,
  names,
  entity,
}: {
  form: QueryForm;
  meta: EntityMeta;
  index: number;
  entitiesName: string;
  catalog: SearchCatalog;
  names: (string | undefined)[];
  entity: CatalogEntity | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const joinTypeText = useJoinTypeText();
  const parts = meta.getFieldset();
  const filters = parts.filters.getFieldList();
  const joinedFrom = index > 0 ? findEntity(catalog, String(parts.join.value ?? "").split("|")[0]) : undefined;
  // An entity chosen in place: what fitted the one before (its fields, filters, the joins from it) goes.
  const choose = (part: "entity" | "join", chosen: string) => {
    const value = structuredClone(form.value ?? {}) as BuilderForm;
    const entities = value.definition?.entities ?? [];
    if (!entities[index]) return;
    entities[index] = { [part]: chosen };
    form.update({ value: withFittingChoices(value, catalog) });
  };
  const chosenFields = [parts.fields.initialValue ?? []].flat();
  const dates = entity ? dateFields(entity) : [];
  const dateFilter = parts.dateFilter.getFieldset();
  const heading = entity
    ? pluralOf(entity, language)
    : index === 0
      ? t("advancedSearch.builder.mainEntity")
      : t("advancedSearch.builder.join");
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p="4" data-testid={`query-entity-${index}`}>
      <Stack gap="4">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md">
            {heading}
          </Heading>
          {index > 0 && (
            <Button
              {...form.remove.getButtonProps({ name: entitiesName, index })}
              type="submit"
              variant="outline"
              size="sm"
              aria-label={t("advancedSearch.builder.removeJoin", { name: heading })}
            >
              {t("common.remove")}
            </Button>
          )}
        </HStack>
        <HStack align="flex-end" gap="2">
          {index === 0 ? (
            <FormField meta={parts.entity} label={t("advancedSearch.builder.mainEntity")}>
              <Select meta={parts.entity} onChange={(value) => choose("entity", value)}>
                <option value="">{t("advancedSearch.builder.choose")}</option>
                {catalog.entities.map((item) => (
                  <option key={entityName(item)} value={entityName(item)}>
                    {pluralOf(item, language)}
                  </option>
                ))}
              </Select>
            </FormField>
          ) : (
            <FormField meta={parts.join} label={t("advancedSearch.builder.joinEntity")}>
              <Select meta={parts.join} onChange={(value) => choose("join", value)}>
                <option value="">{t("advancedSearch.builder.choose")}</option>
                {joinOptions(catalog, names, index).map((option) => (
                  <option key={option.value} value={option.value}>
                    {t("advancedSearch.builder.joinOption", {
                      to: pluralOf(option.to, language),
                      from: pluralOf(option.from, language),
                    })}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <ApplyButton
            label={t("advancedSearch.builder.applyEntity", {
              name: index === 0 ? t("advancedSearch.builder.mainEntity") : heading,
            })}
          />
        </HStack>
        {index > 0 && entity && (
          // Whether the first entity's records without a partner are kept (spec §3's join types).
          <FormField meta={parts.joinType} label={t("advancedSearch.builder.joinType")}>
            <Select meta={parts.joinType}>
              {joinTypes.map((type) => (
                <option key={type} value={type}>
                  {joinTypeText(type, joinedFrom, entity)}
                </option>
              ))}
            </Select>
          </FormField>
        )}

        {entity && (
          <Fieldset.Root invalid={Boolean(parts.fields.errors?.length)}>
            <Fieldset.Legend>{t("advancedSearch.builder.fields")}</Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2" data-testid={`query-fields-${index}`}>
                {entity.fields.map((field) => (
                  <CheckLabel key={`${parts.fields.key}-${entityName(entity)}-${field.key}`}>
                    <input
                      type="checkbox"
                      name={parts.fields.name}
                      value={field.key}
                      defaultChecked={chosenFields.includes(field.key)}
                    />
                    {labelOf(field, language)}
                  </CheckLabel>
                ))}
              </SimpleGrid>
            </Fieldset.Content>
            <GroupErrors meta={parts.fields} />
          </Fieldset.Root>
        )}

        {entity && (
          <Fieldset.Root>
            <Fieldset.Legend>{t("advancedSearch.builder.filters")}</Fieldset.Legend>
            <Stack gap="3">
              {filters.map((filterMeta, filterIndex) => (
                <FilterRow
                  key={filterMeta.key}
                  form={form}
                  meta={filterMeta}
                  listName={parts.filters.name}
                  index={filterIndex}
                  entity={entity}
                />
              ))}
              <HStack>
                <Button
                  {...form.insert.getButtonProps({
                    name: parts.filters.name,
                    defaultValue: { field: "", operation: "", paramValue: "" },
                  })}
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={t("advancedSearch.builder.addFilterTo", { name: heading })}
                >
                  {t("advancedSearch.builder.addFilter")}
                </Button>
              </HStack>
            </Stack>
          </Fieldset.Root>
        )}

        {entity && dates.length > 0 && (
          <Fieldset.Root>
            <Fieldset.Legend>{t("advancedSearch.builder.dateFilter")}</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField meta={dateFilter.field} label={t("advancedSearch.builder.dateField")}>
                <Select meta={dateFilter.field}>
                  <option value="">{t("common.none")}</option>
                  {dates.map((field) => (
                    <option key={field.key} value={field.key}>
                      {labelOf(field, language)}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField meta={dateFilter.from} label={t("advancedSearch.builder.from")}>
                <Input {...getInputProps(dateFilter.from, { type: "date" })} key={dateFilter.from.key} />
              </FormField>
              <FormField meta={dateFilter.to} label={t("advancedSearch.builder.to")}>
                <Input {...getInputProps(dateFilter.to, { type: "date" })} key={dateFilter.to.key} />
              </FormField>
            </SimpleGrid>
          </Fieldset.Root>
        )}
      </Stack>
    </Box>
  );
}

type FilterMeta = FieldMetadata<NonNullable<BuilderEntityForm["filters"]>[number], BuilderForm, string[]>;

/** One filter: a field, an operation that fits its type, and a value typed by the field (none for four of them). */
function FilterRow({
  form,
  meta,
  listName,
  index,
  entity,
}: {
  form: QueryForm;
  meta: FilterMeta;
  listName: string;
  index: number;
  entity: CatalogEntity;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const parts = meta.getFieldset();
  const field = entity.fields.find((item) => item.key === parts.field.value);
  const operations: readonly SearchOperation[] = field?.operations ?? searchOperations;
  const operation = parts.operation.value as SearchOperation | undefined;
  const needsValue =
    !operation || !(searchOperations as readonly string[]).includes(operation) || takesParam(operation);
  const number = index + 1;
  const param = parts.paramValue;
  // Another type is another input: the value's key names the type, so the input is made anew.
  const paramKey = `${param.key}-${field?.type ?? ""}`;
  // A list's and a yes/no field's value is picked from its choices; any other is typed.
  const choices =
    field?.type === "List" || field?.type === "MultiSelect"
      ? field.options.map((option) => ({ value: option.value, label: labelOf(option, language) }))
      : field?.type === "Bool"
        ? [
            { value: "true", label: t("common.yes") },
            { value: "false", label: t("common.no") },
          ]
        : null;
  let valueInput: ReactNode;
  if (choices) {
    valueInput = (
      <OptionSelect
        {...getSelectProps(param)}
        key={paramKey}
        options={choices}
        empty={t("advancedSearch.builder.choose")}
      />
    );
  } else {
    const type = field?.type === "Date" || field?.type === "DateTime" ? "date" : "text";
    // A number is typed as text: Norwegian's decimal comma ("12,5") is what the search reads, where a browser's
    // number input may refuse it.
    const numeric = field?.type === "Number" || field?.type === "Percent";
    valueInput = (
      <Input {...getInputProps(param, { type })} key={paramKey} inputMode={numeric ? "decimal" : undefined} />
    );
  }
  return (
    <Box as="fieldset" borderTopWidth={index > 0 ? "1px" : undefined} pt={index > 0 ? "3" : undefined}>
      <VisuallyHidden as="legend">{t("advancedSearch.builder.filterNumber", { number })}</VisuallyHidden>
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end" data-testid="query-filter">
        <FormField meta={parts.field} label={t("advancedSearch.builder.filterField", { number })}>
          <Select meta={parts.field}>
            <option value="">{t("advancedSearch.builder.choose")}</option>
            {filterableFields(entity).map((item) => (
              <option key={item.key} value={item.key}>
                {labelOf(item, language)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField meta={parts.operation} label={t("advancedSearch.builder.operation", { number })}>
          <Select meta={parts.operation}>
            <option value="">{t("advancedSearch.builder.choose")}</option>
            {operations.map((item) => (
              <option key={item} value={item}>
                {t(`advancedSearch.operations.${operationKeys[item]}`)}
              </option>
            ))}
          </Select>
        </FormField>
        {needsValue ? (
          <FormField meta={param} label={t("advancedSearch.builder.value", { number })}>
            {valueInput}
          </FormField>
        ) : (
          <Box />
        )}
        <HStack gap="2">
          <ApplyButton label={t("advancedSearch.builder.applyFilter", { number })} />
          <Button
            {...form.remove.getButtonProps({ name: listName, index })}
            type="submit"
            variant="outline"
            size="sm"
            aria-label={t("advancedSearch.builder.removeFilter", { number })}
          >
            {t("common.remove")}
          </Button>
        </HStack>
      </SimpleGrid>
    </Box>
  );
}
