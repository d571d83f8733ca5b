import { data } from "react-router";
import { fieldsApi } from "../../../server/contract/fields.api.ts";
import type { api } from "../../utils/api.server.ts";
import { entityParam } from "./urls.ts";

/**
 * The entities of a settings screen with one tab an entity, and the one its URL names ("crm.company"), or the first
 * without one; a tab that names no entity is not a page. `params` address the entity in the API.
 */
export async function entityOfTab(client: ReturnType<typeof api>, tab: string | undefined) {
  const entities = await client.call(fieldsApi.entities);
  const entity = tab === undefined ? entities[0] : entities.find((e) => entityParam(e) === tab);
  if (!entity) throw data("Not found", { status: 404 });
  return { entities, entity, params: { schema: entity.schemaKey, table: entity.tableKey } };
}
