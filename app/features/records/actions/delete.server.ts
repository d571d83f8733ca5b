import { recordsApi } from "../../../../server/contract/records.api.ts";
import { api } from "../../../utils/api.server.ts";
import { badRequest, deleteThenRedirect } from "../../../utils/form-action.server.ts";
import type { RecordIntentInput } from "./intent.server.ts";

/** The record deleted after its confirmation; back to its list with a notice naming it. */
export async function deleteRecord({ context, screen, recordId }: RecordIntentInput) {
  if (!recordId) badRequest();
  const client = api(context);
  const params = { schema: screen.schema, entity: screen.table, id: recordId };
  return deleteThenRedirect(context, {
    remove: async () => {
      const record = await client.call(recordsApi.get, { params });
      await client.call(recordsApi.delete, { params });
      return record.rowName;
    },
    toast: "records.deletedToast",
    to: `/${screen.path}`,
  });
}
