import { useActionData, useLocation } from "react-router";
import { suspended } from "../features/records/lazy-panels.tsx";
import { ConfirmDelete, RefusalDialog } from "../features/settings/list-dialogs.tsx";
import { relationshipsUrl } from "../features/settings/relationships/relationship-urls.ts";
import { loadRelationships, relationshipsAction } from "../features/settings/relationships/relationships.server.ts";
import {
  RelationshipsScreen,
  relationshipName,
  useEntityName,
} from "../features/settings/relationships/relationships-screen.tsx";
import { useLanguage } from "../utils/i18n.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/system-settings.crm-relationships";

// The panels' code (their forms, the contract's schemas) loads when one opens; the server renders them open.
const loadPanels = () => import("../features/settings/relationships/relationship-panel.tsx");
const NewRelationshipPanel = suspended(() => loadPanels().then((m) => ({ default: m.NewRelationshipPanel })));
const EditRelationshipPanel = suspended(() => loadPanels().then((m) => ({ default: m.EditRelationshipPanel })));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRelationships(request, context, params.tab);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return relationshipsAction(request, context, params.tab);
}

export default function CrmRelationshipsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const { panel, entity, entities, groups } = loaderData;
  const entityName = useEntityName(entities);
  const here = `${location.pathname}${location.search}`;
  const closeTo = relationshipsUrl(entity);
  const lastResult = actionResult?.form === "relationship" ? actionResult.result : undefined;
  const panelProps = { entities, groups, lastResult, action: here, closeTo };
  return (
    <>
      <RelationshipsScreen {...loaderData} />
      {panel?.mode === "new" && <NewRelationshipPanel {...panelProps} entity={entity} />}
      {panel?.mode === "edit" && (
        // Another relationship is another form.
        <EditRelationshipPanel key={panel.relationship.id} relationship={panel.relationship} {...panelProps} />
      )}
      {panel?.mode === "delete" && (
        <ConfirmDelete
          title={t("settings.relationships.deleteTitle", { name: relationshipName(panel.relationship, language) })}
          closeTo={closeTo}
          action={relationshipsUrl(entity, { id: panel.relationship.id })}
        >
          {t("settings.relationships.confirmDelete", {
            name: relationshipName(panel.relationship, language),
            entity1: entityName(`${panel.relationship.schema1}.${panel.relationship.key1}`),
            entity2: entityName(`${panel.relationship.schema2}.${panel.relationship.key2}`),
          })}
        </ConfirmDelete>
      )}
      <RefusalDialog result={actionResult} asking={panel?.mode === "delete"} closeTo={closeTo} />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
