import { useActionData } from "react-router";
import { loadNewImport, uploadImport } from "../features/bulk-data/import-new.server.ts";
import { NewImportScreen } from "../features/bulk-data/new-import-screen.tsx";
import { ErrorDialog } from "../features/records/lazy-panels.tsx";
import type { Route } from "./+types/imports.new";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNewImport(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return uploadImport(request, context);
}

export default function NewImportRoute({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  return (
    <>
      <NewImportScreen key={loaderData.entity} {...loaderData} lastResult={answer?.result} />
      {answer?.dialog && (
        <ErrorDialog text={answer.dialog} source={answer} closeTo={`/imports/new?entity=${loaderData.entity}`} />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
