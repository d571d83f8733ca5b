import { useActionData, useSearchParams } from "react-router";
import { recordAction } from "../features/records/actions.server.ts";
import { ErrorDialog, RecordPanel } from "../features/records/lazy-panels.tsx";
import { loadRecordList } from "../features/records/list.server.ts";
import { RecordList } from "../features/records/record-list.tsx";
import { screenFromPath, screens } from "../features/records/screens.ts";
import type { Route } from "./+types/record-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRecordList(request, context, screenFromPath(new URL(request.url).pathname));
}

export async function action({ request, context }: Route.ActionArgs) {
  return recordAction(request, context, screenFromPath(new URL(request.url).pathname), undefined);
}

export default function RecordListRoute({ loaderData }: Route.ComponentProps) {
  const { screenPath, ...list } = loaderData;
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const screen = screens[screenPath];
  const closeParams = new URLSearchParams(searchParams);
  closeParams.delete("panel");
  const closeTo = `/${screen.path}${closeParams.size ? `?${closeParams}` : ""}`;
  return (
    <>
      <RecordList screen={screen} {...list} />
      {searchParams.get("panel") === "add" && list.canCreate && (
        <RecordPanel
          info={list.info}
          statuses={list.statuses}
          result={result}
          closeTo={closeTo}
          action={`/${screen.path}?${searchParams}`}
        />
      )}
      {result?.dialog && <ErrorDialog text={result.dialog} closeTo={closeTo} />}
    </>
  );
}
