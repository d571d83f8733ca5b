import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { assignmentsApi } from "../../../server/contract/assignments.api.ts";
import { groupAssignmentSchema, userAssignmentSchema } from "../../../server/contract/assignments.ts";
import { attachmentsApi } from "../../../server/contract/attachments.api.ts";
import { linksApi } from "../../../server/contract/links.api.ts";
import {
  connectFormSchema,
  disconnectFormSchema,
  linkFormSchema,
  unlinkFormSchema,
} from "../../../server/contract/links.ts";
import { notesApi } from "../../../server/contract/notes.api.ts";
import { recordsApi } from "../../../server/contract/records.api.ts";
import { relationshipsApi } from "../../../server/contract/relationships.api.ts";
import { requireUser } from "../../middleware/auth.server.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors, serverMessage } from "../../utils/api-errors.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { handleUpload } from "../documents/upload.server.ts";
import { workItemAction } from "../work-items/actions.server.ts";
import { entityInfo } from "./metadata.server.ts";
import { recordSchema } from "./record-form.ts";
import { type AttachmentTab, attachmentKinds, type RecordScreen } from "./screens.ts";

/** Which of a record page's forms answered, with Conform's reply for it, and the warning dialog's text if any. */
export interface RecordActionResult {
  form: "record" | "link" | "connect" | "group" | "user" | "delete" | "upload" | "detach" | "contact-link";
  result?: SubmissionResult<string[]>;
  /** The warning dialog's text, in English as the error catalogue has it; the page shows it in its language. */
  dialog?: string | null;
}

/** Removing a note or a document from the record whose tab lists it. */
const detachFormSchema = z.object({
  tab: z.enum(["notes", "documents"] satisfies AttachmentTab[]),
  itemId: z.string().uuid(),
});

/** What the replies need of a parsed submission. */
interface Replying {
  reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * The API refused the change: its field errors go on the form's fields (custom fields keep their `customFields.`
 * prefix, as the form names them), anything else into the warning dialog (spec §8).
 */
export function refused(error: unknown, method: string, form: RecordActionResult["form"], submission?: Replying) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.fromEntries(
    Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [field, [message]]),
  );
  return data<RecordActionResult>(
    {
      form,
      result: submission?.reply({ fieldErrors: byField }),
      dialog: errorDialogText(method, error.status, error.body),
    },
    { status: error.status === 400 ? 400 : 200 },
  );
}

export function invalid(form: RecordActionResult["form"], submission: Replying) {
  return data<RecordActionResult>({ form, result: submission.reply() }, { status: 400 });
}

/**
 * Everything a record's list or page posts: save from the side panel (add or edit), delete after confirmation,
 * link and unlink, notification assignments, a contact added from its company. Each form has its schema, the same
 * the page validates with in the browser; several buttons are told apart by `intent`.
 */
export async function recordAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  recordId: string | undefined,
) {
  const user = requireUser(context, request);
  // The id is part of the page's URL: a malformed one names no record.
  if (recordId !== undefined && !isUuid(recordId)) throw data("Not found", { status: 404 });
  // An upload (a plain multipart form without JavaScript) streams on to the API; it is never read whole here.
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const upload = await handleUpload(request, context, screen, recordId);
    if (upload.ok) return redirect(upload.redirectTo);
    return data<RecordActionResult>(
      { form: "upload", result: upload.result, dialog: upload.dialog },
      { status: upload.dialog ? 200 : 400 },
    );
  }
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const client = api(context);
  const recordParams = (id: string) => ({ schema: screen.schema, entity: screen.table, id });
  const workItemResult = await workItemAction(context, screen, recordId, formData, user.timeZone);
  if (workItemResult) return workItemResult;

  if (intent === "delete" && recordId) {
    try {
      const record = await client.call(recordsApi.get, { params: recordParams(recordId) });
      await client.call(recordsApi.delete, { params: recordParams(recordId) });
      flash(context, {
        status: "success",
        message: "records.deletedToast",
        duration: 3000,
        params: { name: record.rowName },
      });
    } catch (error) {
      return refused(error, "DELETE", "delete");
    }
    return redirect(`/${screen.path}`);
  }

  if ((intent === "link" || intent === "unlink") && recordId && screen.related) {
    const link = screen.related.link;
    const back = `/${screen.path}/${recordId}/${screen.related.tab}`;
    if (intent === "unlink") {
      const submission = parseWithZod(formData, { schema: unlinkFormSchema });
      if (submission.status !== "success") throw data("Bad request", { status: 400 });
      try {
        await client.call(linksApi.unlink, {
          params: { schema: link.schema, table: link.table, id: submission.value.linkId },
        });
      } catch (error) {
        return refused(error, "DELETE", "link");
      }
      flash(context, { status: "success", message: "links.unlinked", duration: 3000 });
      return redirect(back);
    }
    const submission = parseWithZod(formData, { schema: linkFormSchema });
    if (submission.status !== "success") return invalid("link", submission);
    const { targetId, role } = submission.value;
    const [id1, id2] = link.side === 1 ? [recordId, targetId] : [targetId, recordId];
    try {
      await client.call(linksApi.link, {
        params: { schema: link.schema, table: link.table },
        body: { id1, id2, role },
      });
    } catch (error) {
      return refused(error, "POST", "link", submission);
    }
    flash(context, { status: "success", message: "links.linked", duration: 3000 });
    return redirect(back);
  }

  if ((intent === "connect" || intent === "disconnect") && recordId) {
    return connectionAction(context, screen, recordId, intent, formData, new URL(request.url));
  }

  if (typeof intent === "string" && /^(assign|remove)(Group|User)$/.test(intent) && recordId) {
    const group = intent.endsWith("Group");
    const form = group ? "group" : "user";
    const submission = group
      ? parseWithZod(formData, { schema: groupAssignmentSchema })
      : parseWithZod(formData, { schema: userAssignmentSchema });
    if (submission.status !== "success") return invalid(form, submission);
    const target = group
      ? (submission.value as z.output<typeof groupAssignmentSchema>).groupId
      : (submission.value as z.output<typeof userAssignmentSchema>).userId;
    const ref = [{ schemaKey: screen.schema, tableKey: screen.table, uuidKey: recordId }];
    try {
      if (intent.startsWith("assign")) {
        const body = { assignToEntities: ref };
        if (group) await client.call(assignmentsApi.assignGroup, { params: { groupId: target }, body });
        else await client.call(assignmentsApi.assignUser, { params: { id: target }, body });
      } else {
        const body = { removeFromEntities: ref };
        if (group) await client.call(assignmentsApi.removeGroup, { params: { groupId: target }, body });
        else await client.call(assignmentsApi.removeUser, { params: { id: target }, body });
      }
    } catch (error) {
      // "User already exist" and "Group already exist" belong to the field that chose them (spec §5).
      if (error instanceof ApiError && error.status === 409 && serverMessage(error.body)) {
        const field = group ? "groupId" : "userId";
        return data<RecordActionResult>({
          form,
          result: submission.reply({ fieldErrors: { [field]: [serverMessage(error.body)] } }),
        });
      }
      // A failed removal shows the server's message (spec §8).
      if (error instanceof ApiError && intent.startsWith("remove") && serverMessage(error.body)) {
        return data<RecordActionResult>({ form, dialog: serverMessage(error.body) });
      }
      return refused(error, intent.startsWith("assign") ? "POST" : "DELETE", form);
    }
    return redirect(`/${screen.path}/${recordId}`);
  }

  if (intent === "detach" && recordId) {
    const submission = parseWithZod(formData, { schema: detachFormSchema });
    if (submission.status !== "success") throw data("Bad request", { status: 400 });
    const { tab, itemId } = submission.value;
    const kind = attachmentKinds[tab];
    try {
      const item = await client.call(recordsApi.get, {
        params: { schema: kind.schema, entity: kind.table, id: itemId },
      });
      await client.call(attachmentsApi[tab].detach, {
        params: { id: itemId },
        body: { detachFrom: [{ schemaKey: screen.schema, tableKey: screen.table, uuidKey: recordId }] },
      });
      flash(context, {
        status: "success",
        message: "attachments.detached",
        duration: 5000,
        params: { name: item.rowName },
      });
    } catch (error) {
      return refused(error, "DELETE", "detach");
    }
    return redirect(`/${screen.path}/${recordId}/${tab}`);
  }

  // A note written on a record's notes tab: created and attached to it in one call.
  if ((intent === "createNote" || (intent === "dismiss" && formData.get("attachTo") === "notes")) && recordId) {
    const kind = attachmentKinds.notes;
    const info = await entityInfo(client, kind.schema, kind.table);
    const submission = parseWithZod(formData, {
      schema: recordSchema(info.fields, user.timeZone, false, getLocale(context)),
    });
    if (intent === "dismiss") {
      return data<RecordActionResult>({
        form: "record",
        result: { initialValue: submission.payload as SubmissionResult["initialValue"] },
      });
    }
    if (submission.status !== "success") return invalid("record", submission);
    const { statusId, values } = submission.value;
    try {
      const note = await client.call(notesApi.createAttached, {
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

  if (intent === "save" || intent === "dismiss" || intent === "createContact") {
    const creatingRelated = intent === "createContact" || formData.has("role");
    if (creatingRelated && (!recordId || !screen.related)) throw data("Bad request", { status: 400 });
    const target = creatingRelated && screen.related ? { schema: screen.schema, table: screen.related.table } : screen;
    const info = await entityInfo(client, target.schema, target.table);
    const submission = parseWithZod(formData, {
      schema: recordSchema(info.fields, user.timeZone, creatingRelated, getLocale(context)),
    });
    // The warning dialog was closed without JavaScript: the form comes back as it was, without checking it.
    if (intent === "dismiss") {
      return data<RecordActionResult>({
        form: "record",
        result: { initialValue: submission.payload as SubmissionResult["initialValue"] },
      });
    }
    if (submission.status !== "success") return invalid("record", submission);
    const { statusId, values, extra } = submission.value;
    const entityParams = { schema: target.schema, entity: target.table };
    try {
      if (intent === "createContact" && recordId && screen.related) {
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
      }
      const record = recordId
        ? await client.call(recordsApi.replace, { params: recordParams(recordId), body: { values, statusId } })
        : await client.call(recordsApi.create, { params: entityParams, body: { values, statusId } });
      flash(context, {
        status: "success",
        message: recordId ? "records.savedToast" : "records.savedNewToast",
        duration: 3000,
        params: { name: record.rowName },
      });
      return redirect(`/${screen.path}/${record.uuid}`);
    } catch (error) {
      return refused(error, recordId && intent === "save" ? "PUT" : "POST", "record", submission);
    }
  }
  throw data("Bad request", { status: 400 });
}

/**
 * Linking a record through one of its relationships, or removing a link: the relationship is read as the record sees
 * it (its link table, the record's side), so one the user may not see is refused as unknown.
 */
async function connectionAction(
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  recordId: string,
  intent: "connect" | "disconnect",
  formData: FormData,
  url: URL,
) {
  const client = api(context);
  const submission =
    intent === "connect"
      ? parseWithZod(formData, { schema: connectFormSchema })
      : parseWithZod(formData, { schema: disconnectFormSchema });
  if (submission.status !== "success") {
    if (intent === "disconnect") throw data("Bad request", { status: 400 });
    return invalid("connect", submission);
  }
  const { relationshipId } = submission.value;
  const [connection] = await client.call(relationshipsApi.connections, {
    params: { schema: screen.schema, table: screen.table, id: recordId },
    query: { relationship: relationshipId, size: 1 },
  });
  if (!connection || connection.roleOptions !== null) throw data("Not found", { status: 404 });
  const linkTable = { schema: connection.linkSchema, table: connection.linkTable };
  // Back to the page the form was on, without its panel; a removal keeps the page of links it was on.
  const page = url.searchParams.get("page");
  // Posted with JavaScript, the action's URL is the page's data URL ("….data").
  const pathname = url.pathname.replace(/\.data$/, "");
  const back = `${pathname}${intent === "disconnect" && page ? `?page=${encodeURIComponent(page)}` : ""}`;
  if (intent === "disconnect") {
    const { linkId } = submission.value as { linkId: string };
    try {
      await client.call(linksApi.unlink, { params: { ...linkTable, id: linkId } });
    } catch (error) {
      return refused(error, "DELETE", "connect");
    }
    flash(context, { status: "success", message: "links.unlinked", duration: 3000 });
    return redirect(back);
  }
  const { targetId } = submission.value as { targetId: string };
  const [id1, id2] = connection.side === 1 ? [recordId, targetId] : [targetId, recordId];
  try {
    await client.call(linksApi.link, { params: linkTable, body: { id1, id2 } });
  } catch (error) {
    return refused(error, "POST", "connect", submission);
  }
  flash(context, { status: "success", message: "links.linked", duration: 3000 });
  return redirect(back);
}
