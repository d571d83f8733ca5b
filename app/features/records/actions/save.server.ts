import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { linksApi } from "../../../../server/contract/links.api.ts";
import { recordsApi } from "../../../../server/contract/records.api.ts";
import { getLocale } from "../../../middleware/i18next.server.ts";
import { api } from "../../../utils/api.server.ts";
import { flash } from "../../../utils/flash.server.ts";
import { badRequest, dismissed, invalid, refused } from "../../../utils/form-action.server.ts";
import { entityInfo } from "../metadata.server.ts";
import { recordSchema } from "../record-form.ts";
import type { RecordIntentInput } from "./intent.server.ts";

/**
 * The side panel's record form: the screen's own record (new or edited), or a related one made from the record's
 * related tab (a contact from its company, with the link's role), read by that entity's fields.
 */
async function parseRecord({ context, user, screen, recordId, formData, intent }: RecordIntentInput) {
  const creatingRelated = intent === "createContact" || formData.has("role");
  if (creatingRelated && (!recordId || !screen.related)) badRequest();
  const target = creatingRelated && screen.related ? { schema: screen.schema, table: screen.related.table } : screen;
  const client = api(context);
  const info = await entityInfo(client, target.schema, target.table);
  const submission = parseWithZod(formData, {
    schema: recordSchema(info.fields, user.timeZone, creatingRelated, getLocale(context)),
  });
  return { submission, entityParams: { schema: target.schema, entity: target.table }, client };
}

/** The record saved from the side panel (added or edited); on to its page with a notice naming it. */
export async function saveRecord(input: RecordIntentInput) {
  const { context, screen, recordId } = input;
  const { submission, entityParams, client } = await parseRecord(input);
  if (submission.status !== "success") return invalid("record", submission);
  const { statusId, values } = submission.value;
  try {
    const record = recordId
      ? await client.call(recordsApi.replace, {
          params: { schema: screen.schema, entity: screen.table, id: recordId },
          body: { values, statusId },
        })
      : await client.call(recordsApi.create, { params: entityParams, body: { values, statusId } });
    flash(context, {
      status: "success",
      message: recordId ? "records.savedToast" : "records.savedNewToast",
      duration: 3000,
      params: { name: record.rowName },
    });
    return redirect(`/${screen.path}/${record.uuid}`);
  } catch (error) {
    return refused(error, recordId ? "PUT" : "POST", "record", submission);
  }
}

/** A related record (a contact) made from the record's related tab and linked to it with the role chosen. */
export async function createRelated(input: RecordIntentInput) {
  const { context, screen, recordId } = input;
  const { submission, entityParams, client } = await parseRecord(input);
  if (!recordId || !screen.related) badRequest();
  if (submission.status !== "success") return invalid("record", submission);
  const { statusId, values, extra } = submission.value;
  try {
    const contact = await client.call(recordsApi.create, { params: entityParams, body: { values, statusId } });
    const link = screen.related.link;
    const [id1, id2] = link.side === 1 ? [recordId, contact.uuid] : [contact.uuid, recordId];
    await client.call(linksApi.link, {
      params: { schema: link.schema, table: link.table },
      body: { id1, id2, role: (extra as { role?: string }).role },
    });
    flash(context, {
      status: "success",
      message: "links.createdAndLinked",
      duration: 3000,
      params: { name: contact.rowName },
    });
    return redirect(`/${screen.path}/${recordId}/${screen.related.tab}`);
  } catch (error) {
    return refused(error, "POST", "record", submission);
  }
}

/** The record form as it was, unchecked: its warning dialog was closed without JavaScript. */
export async function dismissRecord(input: RecordIntentInput) {
  return dismissed("record", (await parseRecord(input)).submission.payload);
}
