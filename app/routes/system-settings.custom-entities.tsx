import { useActionData, useLocation } from "react-router";
import { suspended } from "../features/records/lazy-panels.tsx";
import {
  customEntitiesAction,
  loadCustomEntities,
} from "../features/settings/custom-entities/custom-entities.server.ts";
import { CustomEntitiesScreen, pluralOf } from "../features/settings/custom-entities/custom-entities-screen.tsx";
import { ENTITY_FORM_ID, entitiesUrl } from "../features/settings/custom-entities/custom-entity-urls.ts";
import { ConfirmDelete, RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { useLanguage } from "../utils/i18n.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.custom-entities";

// The panels' code (their forms, the contract's schemas) loads when one opens; the server renders them open.
const loadPanels = () => import("../features/settings/custom-entities/custom-entity-panel.tsx");
const NewEntityPanel = suspended(() => loadPanels().then((m) => ({ default: m.NewEntityPanel })));
const RenameEntityPanel = suspended(() => loadPanels().then((m) => ({ default: m.RenameEntityPanel })));

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCustomEntities(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return customEntitiesAction(request, context);
}

export default function CustomEntitiesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { panel } = loaderData;
  const here = `${location.pathname}${location.search}`;
  const closeTo = entitiesUrl();
  const lastResult = actionResult?.form === "entity" ? actionResult.result : undefined;
  return (
    <>
      <CustomEntitiesScreen {...loaderData} />
      {panel?.mode === "new" && <NewEntityPanel lastResult={lastResult} action={here} closeTo={closeTo} />}
      {panel?.mode === "edit" && (
        <RenameEntityPanel
          // Another entity is another form.
          key={panel.entity.key}
          entity={panel.entity}
          lastResult={lastResult}
          action={here}
          closeTo={closeTo}
        />
      )}
      {panel?.mode === "delete" && (
        <ConfirmDelete
          title={t("settings.entities.deleteTitle", { name: pluralOf(panel.entity, language) })}
          closeTo={closeTo}
          action={entitiesUrl({ key: panel.entity.key })}
        >
          {t("settings.entities.confirmDelete", { name: pluralOf(panel.entity, language) })}
        </ConfirmDelete>
      )}
      <RefusalDialog
        result={actionResult}
        asking={panel?.mode === "delete"}
        dismissForm={panel?.mode === "new" || panel?.mode === "edit" ? ENTITY_FORM_ID : undefined}
        closeTo={here}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
