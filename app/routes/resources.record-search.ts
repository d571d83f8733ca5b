import { assignmentsApi } from "../../server/contract/assignments.api.ts";
import { recordsApi } from "../../server/contract/records.api.ts";
import type { SearchAnswer } from "../components/search-select.tsx";
import { screens } from "../features/records/screens.ts";
import { contactChoices } from "../features/work-items/work-items.server.ts";
import { requireUser } from "../middleware/auth.server.ts";
import { getInstance } from "../middleware/i18next.server.ts";
import { api } from "../utils/api.server.ts";
import type { Route } from "./+types/resources.record-search";

const DROPDOWN_SIZE = 200;
const ENTITY_KEY = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Matches for a search dropdown: records whose searchable fields contain q (3+ characters). With `affiliations=1`
 * contacts come once at each of their companies and once alone ("contactId:companyId", "contactId"), for linking an
 * inquiry or a to-do.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const url = new URL(request.url);
  const table = url.searchParams.get("table");
  // Any entity's records, named by schema and table (the other side of a relationship); else a built-in screen's.
  const schema = url.searchParams.get("schema");
  const entity = schema && table && ENTITY_KEY.test(schema) && ENTITY_KEY.test(table) ? { schema, table } : null;
  const screen = entity ?? Object.values(screens).find((s) => s.table === table);
  const q = url.searchParams.get("q")?.trim() ?? "";
  // The answer names the text it is for: the dropdown never shows matches of older text (app/components/search-select.tsx).
  if ((!screen && table !== "user") || q.length < 3) return Response.json({ q, results: [] } satisfies SearchAnswer);
  if (!screen) {
    const users = await api(context).call(assignmentsApi.usersAutocomplete, { query: { query: q } });
    return Response.json({
      q,
      results: users.map((user) => ({ uuid: user.uuid, name: `${user.firstName} ${user.lastName}` })),
    } satisfies SearchAnswer);
  }
  if (!entity && table === "contact" && url.searchParams.get("affiliations") === "1") {
    const { t } = getInstance(context);
    const choices = await contactChoices(api(context), q);
    return Response.json({
      q,
      results: choices.map((choice) => ({
        uuid: choice.value,
        name: choice.company
          ? `${choice.contact} · ${choice.company}`
          : t("workItems.noCompany", { name: choice.contact }),
      })),
    } satisfies SearchAnswer);
  }
  const page = await api(context).call(recordsApi.list, {
    params: { schema: screen.schema, entity: screen.table },
    query: { size: DROPDOWN_SIZE, q },
  });
  return Response.json({
    q,
    results: page.content.map((record) => ({ uuid: record.uuid, name: record.rowName })),
  } satisfies SearchAnswer);
}
