import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { linksApi } from "../../../../server/contract/links.api.ts";
import { connectFormSchema, disconnectFormSchema } from "../../../../server/contract/links.ts";
import { relationshipsApi } from "../../../../server/contract/relationships.api.ts";
import { api } from "../../../utils/api.server.ts";
import { flash } from "../../../utils/flash.server.ts";
import { badRequest, invalid, refused } from "../../../utils/form-action.server.ts";
import type { RecordIntentInput } from "./intent.server.ts";

/**
 * The relationship as the record sees it (its link table, the record's side), so one the user may not see is
 * refused as unknown.
 */
async function connectionOf({ context, screen }: RecordIntentInput, recordId: string, relationshipId: string) {
  const [connection] = await api(context).call(relationshipsApi.connections, {
    params: { schema: screen.schema, table: screen.table, id: recordId },
    query: { relationship: relationshipId, size: 1 },
  });
  if (!connection || connection.roleOptions !== null) throw data("Not found", { status: 404 });
  return connection;
}

/** Back to the page the form was on, without its panel (posted with JavaScript, the URL is the page's "….data"). */
function pageOf(url: URL) {
  return url.pathname.replace(/\.data$/, "");
}

/** A record linked through one of the record's relationships. */
export async function connectRecord(input: RecordIntentInput) {
  const { recordId, formData, context } = input;
  if (!recordId) badRequest();
  const submission = parseWithZod(formData, { schema: connectFormSchema });
  if (submission.status !== "success") return invalid("connect", submission);
  const { relationshipId, targetId } = submission.value;
  const connection = await connectionOf(input, recordId, relationshipId);
  const [id1, id2] = connection.side === 1 ? [recordId, targetId] : [targetId, recordId];
  try {
    await api(context).call(linksApi.link, {
      params: { schema: connection.linkSchema, table: connection.linkTable },
      body: { id1, id2 },
    });
  } catch (error) {
    return refused(error, "POST", "connect", submission);
  }
  flash(context, { status: "success", message: "links.linked", duration: 3000 });
  return redirect(pageOf(input.url));
}

/** A link of one of the record's relationships removed; the page of links it was on stays. */
export async function disconnectRecord(input: RecordIntentInput) {
  const { recordId, formData, context, url } = input;
  if (!recordId) badRequest();
  const submission = parseWithZod(formData, { schema: disconnectFormSchema });
  if (submission.status !== "success") badRequest();
  const { relationshipId, linkId } = submission.value;
  const connection = await connectionOf(input, recordId, relationshipId);
  try {
    await api(context).call(linksApi.unlink, {
      params: { schema: connection.linkSchema, table: connection.linkTable, id: linkId },
    });
  } catch (error) {
    return refused(error, "DELETE", "connect");
  }
  flash(context, { status: "success", message: "links.unlinked", duration: 3000 });
  const page = url.searchParams.get("page");
  return redirect(`${pageOf(url)}${page ? `?page=${encodeURIComponent(page)}` : ""}`);
}
