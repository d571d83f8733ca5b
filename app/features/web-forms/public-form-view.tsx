import { Alert, Box, Card, Field, Heading, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import type { PublicFormDto } from "../../../server/contract/forms.ts";
import { FieldInput } from "../../components/field-input.tsx";
import { FormErrors, FormField, SubmitButton } from "../../components/form-field.tsx";
import { LanguageSwitch } from "../../components/preference-forms.tsx";
import type { Language } from "../../utils/i18n.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { HONEYPOT_FIELD, publicFormSchema, questionField, TOKEN_FIELD } from "./public-form-schema.ts";

/** What the public page shows of a form: its look, its blocks and where it stands (see the loader). */
export type PublicFormView = Omit<PublicFormDto, "token" | "allowedSites" | "accessibility">;

/** The banner through the web app (`/f/{publicId}/banner`), with the API's version query so it is cached well. */
function bannerSource(form: Pick<PublicFormDto, "publicId" | "bannerUrl">): string | null {
  if (!form.bannerUrl) return null;
  const at = form.bannerUrl.indexOf("?");
  return `/f/${encodeURIComponent(form.publicId)}/banner${at === -1 ? "" : form.bannerUrl.slice(at)}`;
}

/** The page around a form, its thank-you text or its state: the banner, the language switch and a card. */
export function PublicFormFrame({
  form,
  language,
  children,
}: {
  form: Pick<PublicFormDto, "publicId" | "bannerUrl">;
  language: Language;
  children: React.ReactNode;
}) {
  const banner = bannerSource(form);
  return (
    <Stack gap="4" maxW="2xl" w="full">
      <HStack justify="flex-end">
        <LanguageSwitch locale={language} />
      </HStack>
      <Card.Root overflow="hidden">
        {/* The banner is decoration: the form's title says what it is. */}
        {banner && <Image src={banner} alt="" w="full" maxH="64" objectFit="cover" />}
        <Card.Body gap="5">{children}</Card.Body>
      </Card.Root>
    </Stack>
  );
}

function Paragraph({ text }: { text: string }) {
  return text ? <Text whiteSpace="pre-wrap">{text}</Text> : null;
}

/** A closed form, or one not taking responses, says so in place of its questions. */
export function FormStateNotice({ state }: { state: "closed" | "notAccepting" }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info" data-testid="form-state">
      <Alert.Indicator />
      <Alert.Title>{t(state === "closed" ? "forms.messages.closed" : "forms.messages.notAccepting")}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * The form's questions as a plain HTML form that works without JavaScript: each block in its order, the token it was
 * shown with, and the honeypot, which people neither see nor reach. With JavaScript the same schema as the action's
 * checks the answers first.
 */
export function PublicFormFields({
  form,
  token,
  language,
  lastResult,
}: {
  form: PublicFormView;
  token: string | null;
  language: Language;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => publicFormSchema(form.blocks, language), [form.blocks, language]);
  const [conform, fields] = useSchemaForm(schema, { id: `form-${form.publicId}`, lastResult });
  const answers = fields as unknown as Record<string, Parameters<typeof FieldInput>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(conform)}>
      <Stack gap="5">
        <FormErrors form={conform} />
        {form.blocks.map((block) => {
          if (block.type === "TITLE") {
            return (
              <Stack key={block.id} gap="1" pt="2">
                {block.heading && (
                  <Heading as="h2" size="lg">
                    {block.heading}
                  </Heading>
                )}
                <Paragraph text={block.paragraph} />
              </Stack>
            );
          }
          const field = questionField(block);
          const meta = answers[block.id];
          return (
            <FormField key={block.id} meta={meta} label={block.label} hideLabel={field.type === "Bool"}>
              <FieldInput field={field} meta={meta} language={language} label={block.label} />
              {block.helpText && <Field.HelperText whiteSpace="pre-wrap">{block.helpText}</Field.HelperText>}
            </FormField>
          );
        })}
        <input type="hidden" name={TOKEN_FIELD} value={token ?? ""} />
        {/* Robots fill every field they find; people never see or reach this one. */}
        <Box aria-hidden="true" position="absolute" left="-10000px" w="1px" h="1px" overflow="hidden">
          <label htmlFor={`${conform.id}-${HONEYPOT_FIELD}`}>{t("forms.public.honeypot")}</label>
          <input
            id={`${conform.id}-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </Box>
        <div>
          <SubmitButton
            colorPalette={undefined}
            // The colours are the form's own (checked as #rrggbb by the API); an inline style needs no script.
            style={{ backgroundColor: form.submitButtonColorCode, color: form.submitLabelColorCode }}
          >
            {form.submitLabelText}
          </SubmitButton>
        </div>
      </Stack>
    </Form>
  );
}

/** The form's title and description above its questions or its state. */
export function PublicFormHeading({ form }: { form: Pick<PublicFormDto, "title" | "description"> }) {
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl">
        {form.title}
      </Heading>
      <Paragraph text={form.description} />
    </Stack>
  );
}
