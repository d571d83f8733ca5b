import { Stack } from "@chakra-ui/react";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { connectFormSchema } from "../../../server/contract/links.ts";
import type { RecordConnection } from "../../../server/contract/relationships.ts";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { PlainSearchForm, SearchPick, useHydrated } from "../../components/search-picker.tsx";
import { PanelCancel, SidePanel } from "../../components/side-panel.tsx";
import { useLanguage } from "../../utils/i18n.ts";

const CONNECT_FORM_ID = "connect-form";

interface ConnectPanelProps {
  connection: RecordConnection;
  search: { q: string; results: { uuid: string; name: string }[] | null };
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
  action: string;
}

/**
 * Links a record of the relationship's other entity. With JavaScript a search dropdown picks it; without, a search
 * button reloads the panel with the matches to choose from.
 */
export function ConnectPanel({ connection, search, lastResult, closeTo, action }: ConnectPanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: CONNECT_FORM_ID,
    lastResult,
    constraint: getZodConstraint(connectFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: connectFormSchema }),
  });
  const entity = language === "nb" ? connection.other.labelNb : connection.other.labelEn;
  const searchLabel = t("links.searchFor", { entity });
  const { schemaKey, tableKey } = connection.other;
  return (
    <SidePanel
      title={t("links.addTitle", { entity })}
      closeTo={closeTo}
      formId={form.id}
      testId="connect-panel"
      footer={
        <>
          <PanelCancel />
          <SubmitButton form={form.id} intent="connect">
            {t("common.save")}
          </SubmitButton>
        </>
      }
    >
      <Stack gap="4">
        {!hydrated && (
          <PlainSearchForm
            action={closeTo}
            panel="connect"
            hidden={{ relationship: connection.relationshipId }}
            label={searchLabel}
            q={search.q}
            searched={search.results !== null}
          />
        )}
        <Form method="post" action={action} {...getFormProps(form)} noValidate>
          <input type="hidden" name="relationshipId" value={connection.relationshipId} />
          <FormField meta={fields.targetId} label={searchLabel} hideLabel={!hydrated}>
            <SearchPick
              hydrated={hydrated}
              name={fields.targetId.name}
              source={`/resources/record-search?${new URLSearchParams({ schema: schemaKey, table: tableKey })}`}
              label={searchLabel}
              inputId={fields.targetId.id}
              describedBy={fields.targetId.errors ? fields.targetId.errorId : undefined}
              matches={search.results?.map((option) => ({ value: option.uuid, label: option.name })) ?? null}
            />
          </FormField>
        </Form>
      </Stack>
    </SidePanel>
  );
}
