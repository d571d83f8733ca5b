import { Stack } from "@chakra-ui/react";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { linkFormSchema } from "../../../server/contract/links.ts";
import { FormField, SubmitButton } from "../../components/form-field.tsx";
import { PlainSearchForm, SearchPick, useHydrated } from "../../components/search-picker.tsx";
import { PanelCancel, SidePanel } from "../../components/side-panel.tsx";
import { RoleSelect } from "./role-select.tsx";
import type { RecordScreen } from "./screens.ts";

const LINK_FORM_ID = "link-form";

interface LinkPanelProps {
  screen: RecordScreen;
  entityLabel: string;
  search: { q: string; results: { uuid: string; name: string }[] | null };
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
  action: string;
}

/**
 * Links a record of the other entity with a role. With JavaScript a search dropdown picks the record; without, a
 * search button reloads the panel with the matches to choose from.
 */
export function LinkPanel({ screen, entityLabel, search, lastResult, closeTo, action }: LinkPanelProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: LINK_FORM_ID,
    lastResult,
    constraint: getZodConstraint(linkFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: linkFormSchema }),
  });
  const searchLabel = t("links.searchFor", { entity: entityLabel });
  return (
    <SidePanel
      title={t("links.addTitle", { entity: entityLabel })}
      closeTo={closeTo}
      formId={form.id}
      testId="link-panel"
      footer={
        <>
          <PanelCancel />
          <SubmitButton form={form.id} intent="link">
            {t("common.save")}
          </SubmitButton>
        </>
      }
    >
      <Stack gap="4">
        {!hydrated && (
          <PlainSearchForm
            action={closeTo}
            panel="link"
            label={searchLabel}
            q={search.q}
            searched={search.results !== null}
          />
        )}
        <Form method="post" action={action} {...getFormProps(form)} noValidate>
          <Stack gap="4">
            <FormField meta={fields.targetId} label={searchLabel} hideLabel={!hydrated}>
              <SearchPick
                hydrated={hydrated}
                name={fields.targetId.name}
                source={`/resources/record-search?table=${screen.related?.table ?? ""}`}
                label={searchLabel}
                inputId={fields.targetId.id}
                describedBy={fields.targetId.errors ? fields.targetId.errorId : undefined}
                matches={search.results?.map((option) => ({ value: option.uuid, label: option.name })) ?? null}
              />
            </FormField>
            <RoleSelect meta={fields.role} />
          </Stack>
        </Form>
      </Stack>
    </SidePanel>
  );
}
