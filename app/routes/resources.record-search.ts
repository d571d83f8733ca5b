import type { RecordPage } from "../../server/contract/records.ts";
import { screens } from "../features/records/screens.ts";
import { requireUser } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import { apiPath } from "../utils/api-path.ts";
import type { Route } from "./+types/resources.record-search";

const DROPDOWN_SIZE = 200;

/** Matches for a search dropdown: records whose searchable fields contain q (3+ characters). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const url = new URL(request.url);
  const table = url.searchParams.get("table");
  const screen = Object.values(screens).find((s) => s.table === table);
  const q = url.searchParams.get("q")?.trim() ?? "";
  if ((!screen && table !== "user") || q.length < 3) return Response.json({ results: [] });
  if (!screen) {
    const users = await api(context).get<{ uuid: string; firstName: string; lastName: string }[]>(
      apiPath`/api/iam/users/employees/autocomplete?query=${q}`,
    );
    return Response.json({
      results: users.map((user) => ({ uuid: user.uuid, name: `${user.firstName} ${user.lastName}` })),
    });
  }
  const page = await api(context).get<RecordPage>(
    apiPath`/api/${screen.schema}/${screen.table}?size=${DROPDOWN_SIZE}&q=${q}`,
  );
  return Response.json({ results: page.content.map((record) => ({ uuid: record.uuid, name: record.rowName })) });
}
