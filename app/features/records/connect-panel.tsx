import type { SubmissionResult } from "@conform-to/react";
import { connectFormSchema } from "../../../server/contract/links.ts";
import type { RecordConnection } from "../../../server/contract/relationships.ts";
import { SearchPickPanel } from "../../components/search-pick-panel.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";

interface ConnectPanelProps {
  connection: RecordConnection;
  search: { q: string; results: { uuid: string; name: string }[] | null };
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
  action: string;
}

/** Links a record of the relationship's other entity. */
export function ConnectPanel({ connection, search, lastResult, closeTo, action }: ConnectPanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form, fields] = useSchemaForm(connectFormSchema, {
    id: "connect-form",
    lastResult,
  });
  const entity = language === "nb" ? connection.other.labelNb : connection.other.labelEn;
  const { schemaKey, tableKey } = connection.other;
  return (
    <SearchPickPanel
      title={t("links.addTitle", { entity })}
      testId="connect-panel"
      form={form}
      intent="connect"
      closeTo={closeTo}
      action={action}
      panel="connect"
      panelState={{ relationship: connection.relationshipId }}
      label={t("links.searchFor", { entity })}
      meta={fields.targetId}
      source={`/resources/record-search?${new URLSearchParams({ schema: schemaKey, table: tableKey })}`}
      search={{
        q: search.q,
        matches: search.results?.map((option) => ({ value: option.uuid, label: option.name })) ?? null,
      }}
      hidden={{ relationshipId: connection.relationshipId }}
    />
  );
}
