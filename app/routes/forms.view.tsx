import { useActionData } from "react-router";
import { ConfirmDialog } from "../features/records/lazy-panels.tsx";
import { RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { formViewAction, loadFormView } from "../features/web-forms/form-view.server.ts";
import { FormViewScreen } from "../features/web-forms/form-view-screen.tsx";
import { formUrl } from "../features/web-forms/urls.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/forms.view";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadFormView(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return formViewAction(request, context, params);
}

export default function FormViewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const { form, confirmDelete } = loaderData;
  const here = formUrl(form.uuid, "view");
  return (
    <>
      <FormViewScreen {...loaderData} />
      {confirmDelete && (
        <ConfirmDialog
          title={t("webForms.view.deleteTitle")}
          confirmLabel={t("common.delete")}
          closeTo={here}
          action={here}
          intent="delete"
          testId="confirm-delete"
        >
          {t("webForms.view.confirmDelete", { name: form.title })}
        </ConfirmDialog>
      )}
      {/* The refusal shows once the question has gone: a question closing later would take the warning with it. */}
      <RefusalDialog
        result={actionResult && "dialog" in actionResult ? actionResult : undefined}
        asking={confirmDelete}
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.form.title} · Workspace` : "Workspace" }];
}
