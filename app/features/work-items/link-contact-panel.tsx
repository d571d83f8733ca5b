import { HStack, Input, Stack } from "@chakra-ui/react";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { contactChoiceFormSchema } from "../../../server/contract/work-items.ts";
import { ChoiceList } from "../../components/choice-list.tsx";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { SearchSelect } from "../../components/search-select.tsx";
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
  const [hydrated, setHydrated] = useState(false);
  // Before the first paint, so the drawer's first focus lands on the search box that replaces the plain search form.
  useLayoutEffect(() => setHydrated(true), []);
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
          <Form method="get" action={closeTo}>
            <input type="hidden" name="panel" value="link-contact" />
            <HStack w="full" align="end">
              <Stack gap="1.5" flex="1">
                <label htmlFor="contact-search">{label}</label>
                <Input id="contact-search" name="q" defaultValue={search.q} autoFocus={!search.choices} />
              </Stack>
              <SubmitButton variant="outline" colorPalette="gray">
                {t("common.search")}
              </SubmitButton>
            </HStack>
          </Form>
        )}
        <Form method="post" action={action} {...getFormProps(form)} noValidate>
          <FormField meta={selection} label={label} hideLabel={!hydrated}>
            {hydrated ? (
              <SearchSelect
                name={selection.name}
                source="/resources/record-search?table=contact&affiliations=1"
                label={label}
                inputId={selection.id}
                describedBy={selection.errors ? selection.errorId : undefined}
              />
            ) : (
              search.choices && (
                <ChoiceList
                  name={selection.name}
                  label={t("common.choose")}
                  options={search.choices.map((choice) => ({ value: choice.value, label: choiceLabel(choice) }))}
                  describedBy={selection.errors ? selection.errorId : undefined}
                />
              )
            )}
          </FormField>
        </Form>
      </Stack>
    </SidePanel>
  );
}
