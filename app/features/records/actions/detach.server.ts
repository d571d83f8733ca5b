import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { attachmentsApi } from "../../../../server/contract/attachments.api.ts";
import { recordsApi } from "../../../../server/contract/records.api.ts";
import { api } from "../../../utils/api.server.ts";
import { badRequest, deleteThenRedirect, refused } from "../../../utils/form-action.server.ts";
import { type AttachmentTab, attachmentKinds } from "../screens.ts";
import type { RecordIntentInput } from "./intent.server.ts";

/** Removing a note or a document from the record whose tab lists it. */
const detachFormSchema = z.object({
  tab: z.enum(["notes", "documents"] satisfies AttachmentTab[]),
  itemId: z.string().uuid(),
});

/** A note or a document taken off the record (it stays in its own list); back to the tab with a notice naming it. */
export async function detachAttachment({ context, screen, recordId, formData }: RecordIntentInput) {
  if (!recordId) badRequest();
  const submission = parseWithZod(formData, { schema: detachFormSchema });
  if (submission.status !== "success") badRequest();
  const { tab, itemId } = submission.value;
  const kind = attachmentKinds[tab];
  const client = api(context);
  return deleteThenRedirect(context, {
    remove: async () => {
      const item = await client.call(recordsApi.get, {
        params: { schema: kind.schema, entity: kind.table, id: itemId },
      });
      await client.call(attachmentsApi[tab].detach, {
        params: { id: itemId },
        body: { detachFrom: [{ schemaKey: screen.schema, tableKey: screen.table, uuidKey: recordId }] },
      });
      return item.rowName;
    },
    toast: "attachments.detached",
    duration: 5000,
    to: `/${screen.path}/${recordId}/${tab}`,
    refusal: (error) => refused(error, "DELETE", "detach"),
  });
}
