import type { SubmissionResult } from "@conform-to/react";
import { contactChoiceFormSchema } from "../../../server/contract/work-items.ts";
import { SearchPickPanel } from "../../components/search-pick-panel.tsx";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
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
 * so a company is never chosen without its contact.
 */
export default function LinkContactPanel({ itemName, search, lastResult, closeTo, action }: LinkContactPanelProps) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(contactChoiceFormSchema, {
    id: LINK_CONTACT_FORM_ID,
    lastResult,
  });
  const label = t("workItems.searchContacts");
  const choiceLabel = (choice: ContactChoice) =>
    choice.company ? `${choice.contact} · ${choice.company}` : t("workItems.noCompany", { name: choice.contact });
  return (
    <SearchPickPanel
      title={t("workItems.linkTitle", { name: itemName })}
      testId="link-contact-panel"
      form={form}
      intent="linkContact"
      closeTo={closeTo}
      action={action}
      panel="link-contact"
      label={label}
      meta={fields.selection}
      source="/resources/record-search?table=contact&affiliations=1"
      search={{
        q: search.q,
        matches: search.choices?.map((choice) => ({ value: choice.value, label: choiceLabel(choice) })) ?? null,
      }}
    />
  );
}
