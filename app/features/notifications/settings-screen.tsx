import { Stack, Text } from "@chakra-ui/react";
import { getFormProps } from "@conform-to/react";
import { useActionData, useFetcher } from "react-router";
import type { NotificationSetting } from "../../../server/contract/notifications.ts";
import { DataTable } from "../../components/data-table.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { SwitchButton } from "../../components/switch-button.tsx";
import { useHydrated } from "../../utils/hydrated.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { notificationSettingFormSchema } from "./notification-form.ts";
import type { NotificationSettingResult } from "./settings.server.ts";
import { NOTIFICATION_SETTINGS, settingFormId, settingRowId } from "./urls.ts";

/**
 * A setting's switch: its own Conform form whose submit button is the switch, so it works without JavaScript; with
 * it, a fetcher saves it and the switch shows the new state at once. A critical type's switch is disabled, with why.
 */
function SettingSwitch({ setting, name }: { setting: NotificationSetting; name: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<NotificationSettingResult>({ key: `notification-setting:${setting.id}` });
  const actionData = useActionData<NotificationSettingResult>();
  const [form] = useSchemaForm(notificationSettingFormSchema, {
    shouldValidate: "onSubmit",
    id: settingFormId(setting.id),
    lastResult: fetcher.data?.result ?? (actionData?.type === setting.id ? actionData.result : undefined),
  });
  const pending = fetcher.formData?.get("enabled");
  const enabled = typeof pending === "string" ? pending === "true" : setting.enabled;
  return (
    <fetcher.Form method="post" action={NOTIFICATION_SETTINGS} {...getFormProps(form)}>
      <input type="hidden" name="type" value={setting.id} />
      {/* The page's script wants an answer, not the page again. */}
      {hydrated && <input type="hidden" name="enhanced" value="on" />}
      <SwitchButton
        checked={enabled}
        label={t("profile.notifications.switchOf", { name })}
        stateText={enabled ? t("profile.notifications.on") : t("profile.notifications.off")}
        form={form.id}
        name="enabled"
        value={String(!enabled)}
        disabled={setting.critical}
        reason={setting.critical ? t("profile.notifications.critical") : undefined}
      />
      {form.errors?.map((error) => (
        <Text key={error} color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      ))}
    </fetcher.Form>
  );
}

/** The user's notification settings (spec §2 /profile/notifications): each event type, what it is, and its switch. */
export function NotificationSettingsScreen({ settings }: { settings: NotificationSetting[] }) {
  const { t } = useTranslation();
  const name = (setting: NotificationSetting) => t(`profile.notifications.types.${setting.id}`);
  return (
    <Page>
      <PageHeader title={t("profile.notifications.title")} />
      <Text color="fg.muted" fontSize="sm" maxW="prose">
        {t("profile.notifications.intro")}
      </Text>
      <DataTable
        rows={settings}
        rowKey={(setting) => setting.id}
        rowId={(setting) => settingRowId(setting.id)}
        empty={null}
        columns={[
          {
            key: "type",
            header: t("profile.notifications.type"),
            kind: "primary",
            cell: (setting) => (
              <Stack gap="0.5">
                <Text>{name(setting)}</Text>
                <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                  {t(`profile.notifications.types.${setting.id}Text`)}
                </Text>
                {setting.critical && (
                  <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                    {t("profile.notifications.critical")}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: "enabled",
            header: t("profile.notifications.notify"),
            cell: (setting) => <SettingSwitch setting={setting} name={name(setting)} />,
          },
        ]}
      />
    </Page>
  );
}
