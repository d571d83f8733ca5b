import { useActionData, useLocation } from "react-router";
import { customFieldsAction, loadCustomFields } from "../features/settings/custom-fields/custom-fields.server.ts";
import { CustomFieldsScreen, labelOf } from "../features/settings/custom-fields/custom-fields-screen.tsx";
import { CustomFieldPanel, FieldTypePanel } from "../features/settings/lazy-panels.tsx";
import { ConfirmDelete, RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { FIELD_FORM_ID, fieldsUrl } from "../features/settings/urls.ts";
import { useLanguage } from "../utils/i18n.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.custom-fields";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCustomFields(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return customFieldsAction(request, context);
}

export default function CustomFieldsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { panel, entity } = loaderData;
  const here = `${location.pathname}${location.search}`;
  const closeTo = fieldsUrl(entity);
  const formOpen = panel?.mode === "new" || panel?.mode === "edit";
  return (
    <>
      <CustomFieldsScreen {...loaderData} />
      {panel?.mode === "choose" && <FieldTypePanel entity={entity} closeTo={closeTo} />}
      {formOpen && (
        <CustomFieldPanel
          // A new type, or another field, is another form.
          key={panel.mode === "edit" ? panel.field.key : panel.type}
          entity={entity}
          type={panel.mode === "edit" ? panel.field.type : panel.type}
          field={panel.mode === "edit" ? panel.field : undefined}
          lastResult={actionResult?.form === "field" ? actionResult.result : undefined}
          action={here}
          closeTo={closeTo}
        />
      )}
      {/* A refused deletion shows its warning alone, also while the page moves off the dialog's URL. */}
      {panel?.mode === "delete" && actionResult?.form !== "delete" && (
        <ConfirmDelete
          title={t("settings.fields.deleteTitle", { name: labelOf(panel.field, language) })}
          closeTo={closeTo}
          action={fieldsUrl(entity, { key: panel.field.key })}
        >
          {t("settings.fields.confirmDelete", { name: labelOf(panel.field, language) })}
        </ConfirmDelete>
      )}
      <RefusalDialog
        result={actionResult}
        asking={false}
        dismissForm={formOpen ? FIELD_FORM_ID : undefined}
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
