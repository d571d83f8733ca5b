import {
  Box,
  Button,
  Card,
  Field,
  Fieldset,
  Heading,
  HStack,
  IconButton,
  Image,
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
import { type DragEvent, type ReactNode, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import {
  type BuilderOptions,
  FORM_BANNER_MAX_MB,
  formAccessibilities,
  formBannerTypes,
  formTexts,
  formVisibilities,
  mergeEntities,
  questionTypes,
} from "../../../server/contract/forms.ts";
import { CheckField, CheckLabel } from "../../components/check-label.tsx";
import { FileInput } from "../../components/file-input.tsx";
import type { FileRule } from "../../components/file-rules.ts";
import { FormErrors, FormField, SubmitButton } from "../../components/form-field.tsx";
import { ArrowDownIcon, ArrowUpIcon, GripIcon } from "../../components/icons.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useHydrated } from "../../utils/hydrated.ts";
import { useLanguage } from "../../utils/i18n.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { ConfirmDialog } from "../records/lazy-panels.tsx";
import type { FormBuilderData } from "./builder.server.ts";
import {
  type BuilderBlockForm,
  type BuilderForm,
  type BuilderResult,
  builderConstraintSchema,
  FORM_BUILDER_ID,
  mappedField,
  parseBuilderForm,
} from "./builder-form.ts";
import { FORMS_PATH, formUrl } from "./urls.ts";

type BuilderFormMeta = FormMetadata<BuilderForm, string[]>;
type BlockMeta = FieldMetadata<BuilderBlockForm, BuilderForm, string[]>;

/** A banner's types and size, refused with the texts the API answers them with (spec §5). */
const bannerRule: FileRule = {
  accept: formBannerTypes.join(","),
  maxBytes: FORM_BANNER_MAX_MB * 1024 * 1024,
  unsupported: formTexts.bannerType,
  tooLarge: formTexts.bannerTooLarge,
};

/** A native select of a Conform field; its options are children. */
function Select({
  meta,
  children,
}: {
  meta: FieldMetadata<string | undefined, BuilderForm, string[]>;
  children: ReactNode;
}) {
  return (
    <NativeSelect.Root key={meta.key}>
      <NativeSelect.Field {...getSelectProps(meta)}>{children}</NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A group's errors (a radio group, a list of blocks), in the page's language. */
function GroupErrors({ meta, testId }: { meta: { errors?: string[]; errorId: string }; testId?: string }) {
  const messageText = useMessageText();
  if (!meta.errors?.length) return null;
  return (
    <Text id={meta.errorId} color="fg.error" fontSize="sm" data-testid={testId}>
      {meta.errors.map(messageText).join(" ")}
    </Text>
  );
}

/** One of a few choices as native radios, which show their state with or without JavaScript. */
function RadioChoices({
  meta,
  legend,
  choices,
  testId,
}: {
  meta: FieldMetadata<string | undefined, BuilderForm, string[]>;
  legend: string;
  choices: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <Fieldset.Root invalid={Boolean(meta.errors?.length)}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Stack gap="2" data-testid={testId}>
        {choices.map((choice) => (
          <CheckLabel key={`${meta.key}-${choice.value}`}>
            <input
              type="radio"
              name={meta.name}
              value={choice.value}
              defaultChecked={meta.initialValue === choice.value}
            />
            {choice.label}
          </CheckLabel>
        ))}
      </Stack>
      <GroupErrors meta={meta} />
    </Fieldset.Root>
  );
}

/** A colour typed as #rrggbb beside a swatch of it (the API checks the same). */
function ColourField({
  meta,
  label,
}: {
  meta: FieldMetadata<string | undefined, BuilderForm, string[]>;
  label: string;
}) {
  const value = typeof meta.value === "string" && /^#[0-9a-fA-F]{6}$/.test(meta.value) ? meta.value : "transparent";
  return (
    <FormField meta={meta} label={label}>
      <HStack gap="2" w="full">
        <Box aria-hidden w="8" h="8" flexShrink={0} borderWidth="1px" borderRadius="sm" style={{ background: value }} />
        <Input {...getInputProps(meta, { type: "text" })} key={meta.key} maxLength={7} spellCheck={false} />
      </HStack>
    </FormField>
  );
}

export interface FormBuilderScreenProps extends FormBuilderData {
  lastResult?: BuilderResult;
  bannerError?: string;
}

/**
 * The form builder (spec §2 /forms/create and /forms/{id}/edit, §3 "Web form"): the form's title and description; its
 * blocks, questions mapped to a contact's or company's field (or asked with a type of their own) and titles, added,
 * moved and removed; the look of its button and its thank-you page; who may answer it and who sees it here. One
 * Conform form on the contract's schema: with JavaScript one screen, without it a form in steps (each button that adds,
 * moves or removes a block posts and comes back). The banner, on a saved form, is a form of its own.
 */
export function FormBuilderScreen({
  title,
  saved,
  options,
  defaultValue,
  lastResult,
  bannerError,
}: FormBuilderScreenProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm<BuilderForm, BuilderForm, string[]>({
    id: FORM_BUILDER_ID,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(builderConstraintSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseBuilderForm(formData) as never,
  });
  const blocks = fields.blocks.getFieldList();
  const drag = useBlockDrag(form, fields.blocks.name);
  const cancelTo = saved ? formUrl(saved.uuid, "view") : FORMS_PATH;

  return (
    <Page>
      <PageHeader title={title} breadcrumb={{ label: t("webForms.title"), to: FORMS_PATH }} shortcut={false} />
      <Form method="post" {...getFormProps(form)} noValidate>
        {/* Enter in a text box saves: the form's first submit button is its default one. */}
        <VisuallyHidden aria-hidden>
          <button type="submit" name="intent" value="save" tabIndex={-1}>
            {t("common.save")}
          </button>
        </VisuallyHidden>
        {saved && <input type="hidden" name={fields.version.name} value={fields.version.initialValue ?? ""} />}
        <Stack gap="6" maxW="4xl">
          <FormErrors form={form} />
          <BuilderSection title={t("webForms.builder.content")}>
            <FormField meta={fields.title} label={t("webForms.builder.formTitle")}>
              <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} />
            </FormField>
            <FormField meta={fields.description} label={t("webForms.builder.description")}>
              <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
            </FormField>
          </BuilderSection>

          <BuilderSection title={t("webForms.builder.blocks")} testId="form-blocks">
            <GroupErrors meta={fields.blocks} testId="blocks-error" />
            {blocks.length === 0 && <Text color="fg.muted">{t("webForms.builder.noBlocks")}</Text>}
            <Stack gap="4">
              {blocks.map((block, index) => (
                <BlockCard
                  key={block.key}
                  form={form}
                  meta={block}
                  index={index}
                  count={blocks.length}
                  listName={fields.blocks.name}
                  options={options}
                  drag={drag}
                />
              ))}
            </Stack>
            <HStack gap="3" wrap="wrap">
              <Button
                {...form.insert.getButtonProps({
                  name: fields.blocks.name,
                  defaultValue: { type: "QUESTION", label: "", mergeWith: "", fieldType: "Text" },
                })}
                type="submit"
                formNoValidate
                variant="outline"
                size="sm"
              >
                {t("webForms.builder.addQuestion")}
              </Button>
              <Button
                {...form.insert.getButtonProps({
                  name: fields.blocks.name,
                  defaultValue: { type: "TITLE", heading: "", paragraph: "" },
                })}
                type="submit"
                formNoValidate
                variant="outline"
                size="sm"
              >
                {t("webForms.builder.addTitle")}
              </Button>
            </HStack>
          </BuilderSection>

          <BuilderSection title={t("webForms.builder.look")}>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField meta={fields.submitLabelText} label={t("webForms.builder.submitLabelText")}>
                <Input {...getInputProps(fields.submitLabelText, { type: "text" })} key={fields.submitLabelText.key} />
              </FormField>
              <ColourField meta={fields.submitButtonColorCode} label={t("webForms.builder.submitButtonColor")} />
              <ColourField meta={fields.submitLabelColorCode} label={t("webForms.builder.submitLabelColor")} />
            </SimpleGrid>
            <SubmitPreview
              text={fields.submitLabelText.value}
              background={fields.submitButtonColorCode.value}
              color={fields.submitLabelColorCode.value}
            />
          </BuilderSection>

          <BuilderSection title={t("webForms.builder.thankYou")}>
            <FormField meta={fields.thankYouPageTitle} label={t("webForms.builder.thankYouTitle")}>
              <Input
                {...getInputProps(fields.thankYouPageTitle, { type: "text" })}
                key={fields.thankYouPageTitle.key}
                placeholder={t("forms.public.thanksTitle")}
              />
            </FormField>
            <FormField meta={fields.thankYouPageParagraph} label={t("webForms.builder.thankYouParagraph")}>
              <Textarea
                {...getTextareaProps(fields.thankYouPageParagraph)}
                key={fields.thankYouPageParagraph.key}
                rows={3}
                placeholder={t("forms.public.thanksText")}
              />
            </FormField>
          </BuilderSection>

          <AccessSection fields={fields} options={options} />

          <HStack gap="3" wrap="wrap">
            <SubmitButton intent="save">{saved ? t("common.saveChanges") : t("common.save")}</SubmitButton>
            <Button asChild variant="ghost">
              <Link to={cancelTo}>{t("common.cancel")}</Link>
            </Button>
          </HStack>
        </Stack>
      </Form>
      {saved ? (
        <>
          <BannerSection
            formId={saved.uuid}
            bannerUrl={saved.bannerUrl}
            publicId={saved.publicId}
            error={bannerError}
          />
          <UnlinkSection formId={saved.uuid} name={saved.title} />
        </>
      ) : (
        <Text color="fg.muted" maxW="4xl">
          {t("webForms.builder.bannerAfterSave")}
        </Text>
      )}
    </Page>
  );
}

function BuilderSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card.Root as="section" data-testid={testId}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The public page's button as it will look. */
function SubmitPreview({ text, background, color }: { text?: string; background?: string; color?: string }) {
  const { t } = useTranslation();
  const hex = (value: string | undefined, fallback: string) =>
    typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
  return (
    <HStack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t("webForms.builder.buttonPreview")}
      </Text>
      <Box
        as="span"
        data-testid="submit-preview"
        px="4"
        py="2"
        borderRadius="md"
        fontWeight="semibold"
        fontSize="sm"
        style={{ background: hex(background, "#239859"), color: hex(color, "#ffffff") }}
      >
        {text || "Submit"}
      </Box>
    </HStack>
  );
}

/**
 * Dragging a block by its handle (with JavaScript; the arrows do the same without it): a drop over a block's upper
 * half puts the dragged one before it, over its lower half after it. Only the handle is draggable, so that text in the
 * block's inputs is selected as usual.
 */
function useBlockDrag(form: BuilderFormMeta, listName: string) {
  const [from, setFrom] = useState<number | null>(null);
  const [over, setOver] = useState<{ index: number; after: boolean } | null>(null);
  const reset = () => {
    setFrom(null);
    setOver(null);
  };
  return {
    from,
    over,
    /** The block's handle started a drag. */
    grab: (index: number) => setFrom(index),
    release: reset,
    dragOver: (event: DragEvent<HTMLElement>, index: number) => {
      if (from === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      const box = event.currentTarget.getBoundingClientRect();
      const after = event.clientY > box.top + box.height / 2;
      if (over?.index !== index || over.after !== after) setOver({ index, after });
    },
    drop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (from !== null && over) {
        const target = over.index + (over.after ? 1 : 0);
        const to = target > from ? target - 1 : target;
        if (to !== from) form.reorder({ name: listName, from, to });
      }
      reset();
    },
  };
}

type BlockDrag = ReturnType<typeof useBlockDrag>;

/**
 * One block: a question (its label, the field it is mapped to or its own type and options, its help text, whether it
 * must be answered) or a title (a heading and a paragraph), with its buttons to move it and remove it.
 */
function BlockCard({
  form,
  meta,
  index,
  count,
  listName,
  options,
  drag,
}: {
  form: BuilderFormMeta;
  meta: BlockMeta;
  index: number;
  count: number;
  listName: string;
  options: BuilderOptions;
  drag: BlockDrag;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const hydrated = useHydrated();
  const parts = meta.getFieldset();
  const isTitle = parts.type.value === "TITLE";
  const number = index + 1;
  const name = isTitle ? t("webForms.builder.titleBlock", { number }) : t("webForms.builder.questionBlock", { number });
  const mapped = mappedField(options, parts.mergeWith.value);
  const fieldType = mapped?.type ?? parts.fieldType.value ?? "Text";
  // Without JavaScript every input shows, each saying when it counts; with it, only those that count.
  const showOwnType = !hydrated || !mapped;
  const showOptions = !hydrated || (!mapped && (fieldType === "List" || fieldType === "MultiSelect"));
  const labelOf = (field: { labelEn: string; labelNb: string }) => (language === "nb" ? field.labelNb : field.labelEn);
  return (
    <Box
      as="fieldset"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      data-testid="form-block"
      data-block-type={isTitle ? "TITLE" : "QUESTION"}
      opacity={drag.from === index ? 0.5 : 1}
      boxShadow={
        drag.over?.index === index && drag.from !== index
          ? drag.over.after
            ? "inset 0 -3px 0 {colors.teal.solid}"
            : "inset 0 3px 0 {colors.teal.solid}"
          : undefined
      }
      onDragOver={(event: DragEvent<HTMLElement>) => drag.dragOver(event, index)}
      onDrop={drag.drop}
      onDragEnd={drag.release}
    >
      <VisuallyHidden as="legend">{name}</VisuallyHidden>
      <input type="hidden" name={parts.type.name} value={isTitle ? "TITLE" : "QUESTION"} />
      {parts.id.value && <input type="hidden" name={parts.id.name} value={parts.id.value} />}
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold" aria-hidden>
            {name}
          </Text>
          <HStack gap="2">
            {hydrated && (
              <Box
                as="span"
                data-testid="block-handle"
                cursor="grab"
                color="fg.muted"
                px="1"
                title={t("webForms.builder.drag")}
                aria-hidden
                draggable
                onDragStart={(event: DragEvent<HTMLElement>) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", name);
                  // The whole block follows the pointer, not the handle alone.
                  const card = event.currentTarget.closest("fieldset");
                  if (card) event.dataTransfer.setDragImage(card, 16, 16);
                  drag.grab(index);
                }}
              >
                <GripIcon />
              </Box>
            )}
            <IconButton
              {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
              type="submit"
              formNoValidate
              size="xs"
              variant="outline"
              disabled={index === 0}
              aria-label={t("webForms.builder.moveUp", { name })}
              title={t("webForms.builder.moveUp", { name })}
            >
              <ArrowUpIcon />
            </IconButton>
            <IconButton
              {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
              type="submit"
              formNoValidate
              size="xs"
              variant="outline"
              disabled={index === count - 1}
              aria-label={t("webForms.builder.moveDown", { name })}
              title={t("webForms.builder.moveDown", { name })}
            >
              <ArrowDownIcon />
            </IconButton>
            <Button
              {...form.remove.getButtonProps({ name: listName, index })}
              type="submit"
              formNoValidate
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={t("webForms.builder.removeBlock", { name })}
            >
              {t("common.remove")}
            </Button>
          </HStack>
        </HStack>
        {isTitle ? (
          <>
            <FormField meta={parts.heading} label={t("webForms.builder.heading")}>
              <Input {...getInputProps(parts.heading, { type: "text" })} key={parts.heading.key} />
            </FormField>
            <FormField meta={parts.paragraph} label={t("webForms.builder.paragraph")}>
              <Textarea {...getTextareaProps(parts.paragraph)} key={parts.paragraph.key} rows={3} />
            </FormField>
          </>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <FormField meta={parts.label} label={t("webForms.builder.label")}>
                <Input {...getInputProps(parts.label, { type: "text" })} key={parts.label.key} />
              </FormField>
              <FormField meta={parts.mergeWith} label={t("webForms.builder.mergeWith")}>
                <Select meta={parts.mergeWith}>
                  <option value="">{t("webForms.builder.notMapped")}</option>
                  {mergeEntities.map((entity) => (
                    <optgroup key={entity} label={t(`webForms.builder.entities.${entity}`)}>
                      {options.fields[entity].map((field) => (
                        <option key={field.key} value={`${entity}.${field.key}`}>
                          {labelOf(field)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </Select>
              </FormField>
            </SimpleGrid>
            {mapped && (
              <Text fontSize="sm" color="fg.muted" data-testid="mapped-type">
                {t("webForms.builder.answerAs", { type: t(`webForms.builder.types.${mapped.type}`) })}
                {mapped.options.length > 0 &&
                  ` ${t("webForms.builder.offers", { options: mapped.options.map(labelOf).join(", ") })}`}
              </Text>
            )}
            {showOwnType && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField meta={parts.fieldType} label={t("webForms.builder.fieldType")}>
                  <Select meta={parts.fieldType}>
                    {questionTypes.map((type) => (
                      <option key={type} value={type}>
                        {t(`webForms.builder.types.${type}`)}
                      </option>
                    ))}
                  </Select>
                  {!hydrated && <Field.HelperText>{t("webForms.builder.fieldTypeHint")}</Field.HelperText>}
                </FormField>
                {showOptions && (
                  <FormField meta={parts.options} label={t("webForms.builder.options")}>
                    <Textarea {...getTextareaProps(parts.options)} key={parts.options.key} rows={3} />
                    <Field.HelperText>{t("webForms.builder.optionsHint")}</Field.HelperText>
                  </FormField>
                )}
              </SimpleGrid>
            )}
            <FormField meta={parts.helpText} label={t("webForms.builder.helpText")}>
              <Textarea {...getTextareaProps(parts.helpText)} key={parts.helpText.key} rows={2} />
            </FormField>
            <CheckField meta={parts.required} label={t("webForms.builder.required")} />
          </>
        )}
      </Stack>
    </Box>
  );
}

/** Who may answer the form, whether it is open and taking responses, who sees it here, and where it may be framed. */
function AccessSection({
  fields,
  options,
}: {
  fields: ReturnType<BuilderFormMeta["getFieldset"]>;
  options: BuilderOptions;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const chosenGroups = [fields.groupIds.initialValue ?? []].flat();
  const showGroups = !hydrated || fields.visibility.value === "groups";
  return (
    <BuilderSection title={t("webForms.builder.access")}>
      <Stack gap="2">
        <CheckField meta={fields.open} label={t("webForms.builder.open")} />
        <CheckField meta={fields.acceptingResponse} label={t("webForms.builder.acceptingResponse")} />
        <CheckField meta={fields.autoMerge} label={t("webForms.builder.autoMerge")} />
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <RadioChoices
          meta={fields.accessibility}
          legend={t("webForms.builder.accessibility")}
          choices={formAccessibilities.map((value) => ({
            value,
            label: t(`webForms.builder.accessibilities.${value}`),
          }))}
          testId="form-accessibility"
        />
        <RadioChoices
          meta={fields.visibility}
          legend={t("webForms.builder.visibility")}
          choices={formVisibilities.map((value) => ({ value, label: t(`webForms.builder.visibilities.${value}`) }))}
          testId="form-visibility"
        />
      </SimpleGrid>
      {showGroups && (
        <Fieldset.Root invalid={Boolean(fields.groupIds.errors?.length)}>
          <Fieldset.Legend>{t("webForms.builder.groups")}</Fieldset.Legend>
          {options.groups.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {t("webForms.builder.noGroups")}
            </Text>
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2" data-testid="form-groups">
              {options.groups.map((group) => (
                <CheckLabel key={`${fields.groupIds.key}-${group.uuid}`}>
                  <input
                    type="checkbox"
                    name={fields.groupIds.name}
                    value={group.uuid}
                    defaultChecked={chosenGroups.includes(group.uuid)}
                  />
                  {group.name}
                </CheckLabel>
              ))}
            </SimpleGrid>
          )}
          {!hydrated && <Fieldset.HelperText>{t("webForms.builder.groupsHint")}</Fieldset.HelperText>}
          <GroupErrors meta={fields.groupIds} />
        </Fieldset.Root>
      )}
      <FormField meta={fields.allowedSites} label={t("webForms.builder.allowedSites")}>
        <Textarea
          {...getTextareaProps(fields.allowedSites)}
          key={fields.allowedSites.key}
          rows={3}
          placeholder="https://www.example.com"
        />
        <Field.HelperText>{t("webForms.builder.allowedSitesHint")}</Field.HelperText>
      </FormField>
    </BuilderSection>
  );
}

/** A saved form's banner: the image, a file to replace it (≤ 10 MB, images only) and its removal. */
function BannerSection({
  formId,
  bannerUrl,
  publicId,
  error,
}: {
  formId: string;
  bannerUrl: string | null;
  publicId: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const action = formUrl(formId, "edit");
  const source = bannerUrl
    ? `/f/${encodeURIComponent(publicId)}/banner${bannerUrl.slice(bannerUrl.indexOf("?"))}`
    : null;
  return (
    <Box maxW="4xl">
      <BuilderSection title={t("webForms.builder.banner")} testId="banner-section">
        {source ? (
          <Image src={source} alt={t("webForms.builder.bannerAlt")} maxH="40" objectFit="cover" borderRadius="md" />
        ) : (
          <Text color="fg.muted">{t("webForms.builder.noBanner")}</Text>
        )}
        <Form method="post" action={action} encType="multipart/form-data" data-testid="banner-form">
          <Stack gap="3">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>{t("webForms.builder.bannerFile")}</Field.Label>
              <FileInput name="file" rule={bannerRule} />
              <Field.HelperText>{t("webForms.builder.bannerHint", { max: FORM_BANNER_MAX_MB })}</Field.HelperText>
              <Field.ErrorText data-testid="banner-error">{error ? messageText(error) : ""}</Field.ErrorText>
            </Field.Root>
            <HStack>
              <SubmitButton size="sm">{t("webForms.builder.uploadBanner")}</SubmitButton>
            </HStack>
          </Stack>
        </Form>
        {source && (
          <Form method="post" action={action}>
            <Button type="submit" name="intent" value="removeBanner" size="sm" variant="outline" colorPalette="red">
              {t("webForms.builder.removeBanner")}
            </Button>
          </Form>
        )}
      </BuilderSection>
    </Box>
  );
}

/**
 * Unlinking (spec §4) clears every question's mapping and drops the title blocks: it cannot be undone, so it asks
 * first, as URL state (`?unlink`), which works without JavaScript.
 */
function UnlinkSection({ formId, name }: { formId: string; name: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const action = formUrl(formId, "edit");
  const asking = new URLSearchParams(search).has("unlink");
  return (
    <Box maxW="4xl">
      <BuilderSection title={t("webForms.builder.unlinkTitle")}>
        <Text color="fg.muted">{t("webForms.builder.unlinkText")}</Text>
        <HStack>
          <Button asChild size="sm" variant="outline" colorPalette="red">
            <Link to={`${action}?unlink`} preventScrollReset>
              {t("webForms.builder.unlink")}
            </Link>
          </Button>
        </HStack>
      </BuilderSection>
      {asking && (
        <ConfirmDialog
          title={t("webForms.builder.unlinkTitle")}
          confirmLabel={t("webForms.builder.unlink")}
          closeTo={action}
          action={action}
          intent="unlink"
          testId="unlink-dialog"
        >
          {t("webForms.builder.unlinkConfirm", { name })}
        </ConfirmDialog>
      )}
    </Box>
  );
}
