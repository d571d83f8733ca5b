import { Stack } from "@chakra-ui/react";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { contactChoiceFormSchema } from "../../../server/contract/work-items.ts";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { PlainSearchForm, SearchPick, useHydrated } from "../../components/search-picker.tsx";
import { PanelCancel, SidePanel } from "../../components/side-panel.tsx";
import type { ContactChoice } from "./work-items.server.ts";

const LINK_CONTACT_FORM_ID = "link-contact-form";

export interface LinkContactPanelProps {
  itemName: string;
  search: { q: string; choices: ContactChoice[] | null };
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
  action: string;
}

/**
 * Links an inquiry or a to-do to a contact: each match is the contact at one of its companies, or the contact alone,
 * so a company is never chosen without its contact. With JavaScript a search dropdown finds them; without, a search
 * button reloads the panel with the matches to choose from.
 */
export default function LinkContactPanel({ itemName, search, lastResult, closeTo, action }: LinkContactPanelProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: LINK_CONTACT_FORM_ID,
    lastResult,
    constraint: getZodConstraint(contactChoiceFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactChoiceFormSchema }),
  });
  const label = t("workItems.searchContacts");
  const choiceLabel = (choice: ContactChoice) =>
    choice.company ? `${choice.contact} · ${choice.company}` : t("workItems.noCompany", { name: choice.contact });
  const selection = fields.selection;
  return (
    <SidePanel
      title={t("workItems.linkTitle", { name: itemName })}
      closeTo={closeTo}
      formId={form.id}
      testId="link-contact-panel"
      footer={
        <>
          <PanelCancel />
          <SubmitButton form={form.id} intent="linkContact">
            {t("common.save")}
          </SubmitButton>
        </>
      }
    >
      <Stack gap="4">
        {!hydrated && (
          <PlainSearchForm
            action={closeTo}
            panel="link-contact"
            label={label}
            q={search.q}
            searched={search.choices !== null}
          />
        )}
        <Form method="post" action={action} {...getFormProps(form)} noValidate>
          <FormField meta={selection} label={label} hideLabel={!hydrated}>
            <SearchPick
              hydrated={hydrated}
              name={selection.name}
              source="/resources/record-search?table=contact&affiliations=1"
              label={label}
              inputId={selection.id}
              describedBy={selection.errors ? selection.errorId : undefined}
              matches={search.choices?.map((choice) => ({ value: choice.value, label: choiceLabel(choice) })) ?? null}
            />
          </FormField>
        </Form>
      </Stack>
    </SidePanel>
  );
}
