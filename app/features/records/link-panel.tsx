import type { SubmissionResult } from "@conform-to/react";
import { linkFormSchema } from "../../../server/contract/links.ts";
import { SearchPickPanel } from "../../components/search-pick-panel.tsx";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { RoleSelect } from "./role-select.tsx";
import type { RecordScreen } from "./screens.ts";

interface LinkPanelProps {
  screen: RecordScreen;
  entityLabel: string;
  search: { q: string; results: { uuid: string; name: string }[] | null };
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
  action: string;
}

/** Links a record of the other entity with a role. */
export function LinkPanel({ screen, entityLabel, search, lastResult, closeTo, action }: LinkPanelProps) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(linkFormSchema, { id: "link-form", lastResult });
  return (
    <SearchPickPanel
      title={t("links.addTitle", { entity: entityLabel })}
      testId="link-panel"
      form={form}
      intent="link"
      closeTo={closeTo}
      action={action}
      panel="link"
      label={t("links.searchFor", { entity: entityLabel })}
      meta={fields.targetId}
      source={`/resources/record-search?table=${screen.related?.table ?? ""}`}
      search={{
        q: search.q,
        matches: search.results?.map((option) => ({ value: option.uuid, label: option.name })) ?? null,
      }}
    >
      <RoleSelect meta={fields.role} />
    </SearchPickPanel>
  );
}
