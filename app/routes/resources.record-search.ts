import type { RecordPage } from "../../server/contract/records.ts";
import { screens } from "../features/records/screens.ts";
import { requireUser } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import type { Route } from "./+types/resources.record-search";

const DROPDOWN_SIZE = 200;

/** Matches for a search dropdown: records whose searchable fields contain q (3+ characters). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const url = new URL(request.url);
  const screen = Object.values(screens).find((s) => s.table === url.searchParams.get("table"));
  const q = url.searchParams.get("q")?.trim() ?? "";
  if (!screen || q.length < 3) return Response.json({ results: [] });
  const page = await api(context).get<RecordPage>(
    `/api/${screen.schema}/${screen.table}?size=${DROPDOWN_SIZE}&q=${encodeURIComponent(q)}`,
  );
  return Response.json({ results: page.content.map((record) => ({ uuid: record.uuid, name: record.rowName })) });
}
