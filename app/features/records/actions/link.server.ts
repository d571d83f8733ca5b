import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { linksApi } from "../../../../server/contract/links.api.ts";
import { linkFormSchema, unlinkFormSchema } from "../../../../server/contract/links.ts";
import { api } from "../../../utils/api.server.ts";
import { flash } from "../../../utils/flash.server.ts";
import { badRequest, invalid, refused } from "../../../utils/form-action.server.ts";
import type { RecordIntentInput } from "./intent.server.ts";

/** The record's related tab (a company's contacts): the related record and the link's kind, as the list is. */
function related({ screen, recordId }: RecordIntentInput) {
  if (!recordId || !screen.related) badRequest();
  return { recordId, link: screen.related.link, back: `/${screen.path}/${recordId}/${screen.related.tab}` };
}

/** A record linked from the related tab's panel, with the role chosen. */
export async function linkRecord(input: RecordIntentInput) {
  const { recordId, link, back } = related(input);
  const submission = parseWithZod(input.formData, { schema: linkFormSchema });
  if (submission.status !== "success") return invalid("link", submission);
  const { targetId, role } = submission.value;
  const [id1, id2] = link.side === 1 ? [recordId, targetId] : [targetId, recordId];
  try {
    await api(input.context).call(linksApi.link, {
      params: { schema: link.schema, table: link.table },
      body: { id1, id2, role },
    });
  } catch (error) {
    return refused(error, "POST", "link", submission);
  }
  flash(input.context, { status: "success", message: "links.linked", duration: 3000 });
  return redirect(back);
}

/** A link of the related tab removed. */
export async function unlinkRecord(input: RecordIntentInput) {
  const { link, back } = related(input);
  const submission = parseWithZod(input.formData, { schema: unlinkFormSchema });
  if (submission.status !== "success") badRequest();
  try {
    await api(input.context).call(linksApi.unlink, {
      params: { schema: link.schema, table: link.table, id: submission.value.linkId },
    });
  } catch (error) {
    return refused(error, "DELETE", "link");
  }
  flash(input.context, { status: "success", message: "links.unlinked", duration: 3000 });
  return redirect(back);
}
