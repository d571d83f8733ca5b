import { data, type RouterContextProvider, redirect } from "react-router";
import { requireUser } from "../../middleware/auth.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { intentActions } from "../../utils/form-action.server.ts";
import { changeAssignment } from "./actions/assign.server.ts";
import { connectRecord, disconnectRecord } from "./actions/connect.server.ts";
import { createNote, dismissNote } from "./actions/create-note.server.ts";
import { deleteRecord } from "./actions/delete.server.ts";
import { detachAttachment } from "./actions/detach.server.ts";
import type { RecordIntentInput } from "./actions/intent.server.ts";
import { linkRecord, unlinkRecord } from "./actions/link.server.ts";
import { createRelated, dismissRecord, saveRecord } from "./actions/save.server.ts";
import type { RecordActionResult } from "./record-action.ts";
import type { RecordFeatures } from "./record-features.server.ts";
import type { RecordScreen } from "./screens.ts";

/** The forms records itself has on a record's list and page, by their intent. */
const ownIntents = {
  save: saveRecord,
  createContact: createRelated,
  delete: deleteRecord,
  link: linkRecord,
  unlink: unlinkRecord,
  connect: connectRecord,
  disconnect: disconnectRecord,
  assignGroup: changeAssignment,
  removeGroup: changeAssignment,
  assignUser: changeAssignment,
  removeUser: changeAssignment,
  detach: detachAttachment,
  createNote,
};

/**
 * Everything a record's list or page posts: save from the side panel (add or edit), delete after confirmation,
 * link and unlink, notification assignments, a contact added from its company, a note written on its tab, and the
 * forms of the features it hosts (inquiries and to-dos, documents' uploads). Each form has its schema, the same the
 * page validates with in the browser; its `intent` names its handler (an unknown one is a 400).
 */
export async function recordAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  recordId: string | undefined,
  features: RecordFeatures,
) {
  const user = requireUser(context, request);
  // The id is part of the page's URL: a malformed one names no record.
  if (recordId !== undefined && !isUuid(recordId)) throw data("Not found", { status: 404 });
  // An upload (a plain multipart form without JavaScript) streams on to the API; it is never read whole here.
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const upload = await features.upload(request, context, screen, recordId);
    if (upload.ok) return redirect(upload.redirectTo);
    return data<RecordActionResult>(
      { form: "upload", result: upload.result, dialog: upload.dialog },
      { status: upload.dialog ? 200 : 400 },
    );
  }
  // "dismiss" is every form's warning dialog closed without JavaScript: the form it came from is sent back as it
  // was, read by that form's own fields.
  const dismiss = (input: RecordIntentInput) => {
    const owner = input.recordId ? features.dismiss.find((form) => form.owns(input)) : undefined;
    if (owner) return owner.handle(input);
    if (input.recordId && input.formData.get("attachTo") === "notes") return dismissNote(input);
    return dismissRecord(input);
  };
  const intents = intentActions({ ...features.intents, ...ownIntents, dismiss });
  return intents(request, { context, user, screen, recordId, url: new URL(request.url) });
}
