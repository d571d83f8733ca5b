import { assignmentsApi } from "../../server/contract/assignments.api.ts";
import { ApiError, type api } from "./api.server.ts";

/** A group a form may limit something to: a shared shortcut, a dashboard, a relationship's side. */
export interface GroupOption {
  uuid: string;
  name: string;
}

/** The groups a form offers; null when the user may not list them (the form then keeps the chosen ones). */
export async function loadGroupOptions(client: ReturnType<typeof api>): Promise<GroupOption[] | null> {
  try {
    const page = await client.call(assignmentsApi.groups, { query: { size: 200 } });
    return page.content.map(({ uuid, name }) => ({ uuid, name }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}
