import { Fieldset, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { getCollectionProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { type DashboardDto, dashboardInputSchema } from "../../../server/contract/dashboards.ts";
import { CheckField, CheckLabel } from "../../components/check-label.tsx";
import { FormErrors, FormField } from "../../components/form-field.tsx";
import { FormPanel } from "../../components/form-panel.tsx";
import type { GroupOption } from "../../utils/group-options.server.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { dashboardDefaults, parseDashboardForm } from "./dashboard-form.ts";
import { dashboardSettingsUrl } from "./settings-urls.ts";

export const DASHBOARD_FORM_ID = "dashboard-form";

/**
 * A categorized dashboard's name, description, where it is shown, and the groups that see it (none ticked: everyone),
 * new or changed.
 */
export function DashboardPanel({
  dashboard,
  groups,
  lastResult,
}: {
  dashboard?: DashboardDto;
  groups: GroupOption[] | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [form, fields] = useSchemaForm(dashboardInputSchema, {
    id: DASHBOARD_FORM_ID,
    lastResult,
    defaultValue: dashboardDefaults(dashboard),
    parse: parseDashboardForm,
  });
  // Groups chosen before, which the user may not list now, stay as they are.
  const options = groups ?? dashboard?.groups ?? [];
  const boxes = getCollectionProps(fields.groupUuids, {
    type: "checkbox",
    options: options.map((group) => group.uuid),
  });
  return (
    <FormPanel
      title={
        dashboard
          ? t("dashboardSettings.dashboards.editTitle", { name: dashboard.name })
          : t("dashboardSettings.dashboards.addTitle")
      }
      closeTo={dashboardSettingsUrl("dashboards")}
      testId="dashboard-panel"
      form={form}
      action={dashboardSettingsUrl("dashboards", dashboard ? { panel: "edit", id: dashboard.uuid } : { panel: "new" })}
      edit={Boolean(dashboard)}
    >
      <Stack gap="4">
        <FormErrors form={form} />
        <FormField meta={fields.name} label={t("dashboardSettings.dashboards.name")}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
        </FormField>
        <FormField meta={fields.description} label={t("dashboardSettings.dashboards.description")}>
          <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
        </FormField>
        <Fieldset.Root>
          <Fieldset.Legend fontSize="sm">{t("dashboardSettings.dashboards.shownIn")}</Fieldset.Legend>
          <Fieldset.Content>
            <Stack gap="2">
              <CheckField meta={fields.mainList} label={t("dashboardSettings.dashboards.mainList")} />
              <CheckField meta={fields.showInCompany} label={t("dashboardSettings.dashboards.showInCompany")} />
              <CheckField meta={fields.showInContact} label={t("dashboardSettings.dashboards.showInContact")} />
              <CheckField meta={fields.default} label={t("dashboardSettings.dashboards.default")} />
            </Stack>
          </Fieldset.Content>
        </Fieldset.Root>
        <Fieldset.Root invalid={Boolean(fields.groupUuids.errors?.length)}>
          <Fieldset.Legend fontSize="sm">{t("dashboardSettings.dashboards.groups")}</Fieldset.Legend>
          <Fieldset.HelperText>{t("dashboardSettings.dashboards.groupsHint")}</Fieldset.HelperText>
          <Fieldset.Content>
            {options.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {groups === null
                  ? t("dashboardSettings.dashboards.groupsUnavailable")
                  : t("dashboardSettings.dashboards.noGroups")}
              </Text>
            ) : (
              <Stack gap="1" maxH="48" overflowY="auto" key={fields.groupUuids.key}>
                {boxes.map(({ key, ...props }, index) => (
                  <CheckLabel key={key}>
                    <input {...props} />
                    {options[index]?.name}
                  </CheckLabel>
                ))}
              </Stack>
            )}
          </Fieldset.Content>
          <Fieldset.ErrorText>{fields.groupUuids.errors?.map(messageText).join(" ")}</Fieldset.ErrorText>
        </Fieldset.Root>
      </Stack>
    </FormPanel>
  );
}
