import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { notesApi } from "../../../../server/contract/notes.api.ts";
import { getLocale } from "../../../middleware/i18next.server.ts";
import { api } from "../../../utils/api.server.ts";
import { flash } from "../../../utils/flash.server.ts";
import { badRequest, dismissed, invalid, refused } from "../../../utils/form-action.server.ts";
import { entityInfo } from "../metadata.server.ts";
import { recordSchema } from "../record-form.ts";
import { attachmentKinds } from "../screens.ts";
import type { RecordIntentInput } from "./intent.server.ts";

/** The note form of a record's notes tab, read by the notes' own fields. */
async function parseNote({ context, user, formData }: RecordIntentInput) {
  const kind = attachmentKinds.notes;
  const info = await entityInfo(api(context), kind.schema, kind.table);
  return parseWithZod(formData, { schema: recordSchema(info.fields, user.timeZone, false, getLocale(context)) });
}

/** A note written on a record's notes tab: created and attached to it in one call. */
export async function createNote(input: RecordIntentInput) {
  const { context, screen, recordId } = input;
  if (!recordId) badRequest();
  const submission = await parseNote(input);
  if (submission.status !== "success") return invalid("record", submission);
  const { statusId, values } = submission.value;
  try {
    const note = await api(context).call(notesApi.createAttached, {
      params: { schema: screen.schema, table: screen.table, id: recordId },
      body: { values, statusId },
    });
    flash(context, {
      status: "success",
      message: "attachments.noteAdded",
      duration: 3000,
      params: { name: note.rowName },
    });
  } catch (error) {
    return refused(error, "POST", "record", submission);
  }
  return redirect(`/${screen.path}/${recordId}/notes`);
}

/** The note form as it was, unchecked: its warning dialog was closed without JavaScript. */
export async function dismissNote(input: RecordIntentInput) {
  return dismissed("record", (await parseNote(input)).payload);
}
