import { useActionData } from "react-router";
import { loadQueries, queriesAction } from "../features/advanced-search/queries.server.ts";
import { QueriesScreen } from "../features/advanced-search/queries-screen.tsx";
import { queriesUrl } from "../features/advanced-search/urls.ts";
import { ConfirmDialog, ErrorDialog } from "../features/records/lazy-panels.tsx";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/advanced-search";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadQueries(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return queriesAction(request, context);
}

export default function AdvancedSearchRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionResult = useActionData<typeof action>();
  const { confirmDelete, type, q, page } = loaderData;
  const here = queriesUrl({ type, q, page });
  return (
    <>
      <QueriesScreen {...loaderData} />
      {confirmDelete && (
        <ConfirmDialog
          title={t("advancedSearch.deleteTitle", { name: confirmDelete.name })}
          confirmLabel={t("common.delete")}
          closeTo={here}
          action={queriesUrl({ type, q, id: confirmDelete.id })}
          intent="delete"
          testId="confirm-delete"
        >
          {t("advancedSearch.confirmDelete", { name: confirmDelete.name })}
        </ConfirmDialog>
      )}
      {actionResult?.dialog && <ErrorDialog text={actionResult.dialog} source={actionResult} closeTo={here} />}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
