import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { workItemsApi } from "../../../server/contract/work-items.api.ts";
import {
  contactChoiceFormSchema,
  readContactChoice,
  unlinkContactFormSchema,
} from "../../../server/contract/work-items.ts";
import { getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { fieldErrors } from "../../utils/api-errors.ts";
import { flash } from "../../utils/flash.server.ts";
import { badRequest, dismissed, invalid, refused } from "../../utils/form-action.server.ts";
import type { RecordIntentInput } from "../records/actions/intent.server.ts";
import { entityInfo } from "../records/metadata.server.ts";
import type { RecordActionResult } from "../records/record-action.ts";
import { workItemSchema } from "../records/record-form.ts";
import { type WorkItemTab, workItemKinds } from "../records/screens.ts";

function isWorkItemTab(value: unknown): value is WorkItemTab {
  return value === "inquiries" || value === "todo";
}

/** Whether the posted form is the new inquiry's or to-do's of a company's or a contact's tab. */
export function isWorkItemForm(formData: FormData): boolean {
  return isWorkItemTab(formData.get("workItemTab"));
}

/** The new item's form of a company's or a contact's tab, read by the item's own fields. */
async function parseWorkItem({ context, user, screen, recordId, formData }: RecordIntentInput) {
  const itemTab = formData.get("workItemTab");
  if (!isWorkItemTab(itemTab) || !recordId) badRequest();
  if (screen.table !== "company" && screen.table !== "contact") badRequest();
  const kind = workItemKinds[itemTab];
  const info = await entityInfo(api(context), "crm", kind.table);
  const submission = parseWithZod(formData, {
    schema: workItemSchema(info.fields, user.timeZone, screen.table, getLocale(context)),
  });
  return { submission, kind, itemTab, recordId, ownerTable: screen.table };
}

/** A new inquiry or to-do made on a company's or a contact's tab, linked to it in the same call. */
export async function createWorkItem(input: RecordIntentInput) {
  const { context, screen } = input;
  const { submission, kind, itemTab, recordId, ownerTable } = await parseWorkItem(input);
  if (submission.status !== "success") return invalid("record", submission);
  const { statusId, values, extra } = submission.value;
  // The record whose tab it is stays one end of the link, whatever the form says.
  const link =
    ownerTable === "company"
      ? { companyId: recordId, contactId: extra.contactId }
      : { contactId: recordId, companyId: extra.companyId ?? null };
  try {
    const item = await api(context).call(workItemsApi.createLinked, {
      params: { table: kind.table },
      body: { values, statusId, link },
    });
    flash(context, {
      status: "success",
      message: "records.savedNewToast",
      duration: 3000,
      params: { name: item.rowName },
    });
  } catch (error) {
    return refused(error, "POST", "record", submission);
  }
  return redirect(`/${screen.path}/${recordId}/${itemTab}`);
}

/** The new item's form as it was, unchecked: its warning dialog was closed without JavaScript. */
export async function dismissWorkItem(input: RecordIntentInput) {
  return dismissed("record", (await parseWorkItem(input)).submission.payload);
}

/** An inquiry's or a to-do's connections tab: the item's kind, and the tab to return to. */
function connectionsOf({ screen, recordId }: RecordIntentInput) {
  if (!screen.workItem || !recordId) badRequest();
  return { kind: workItemKinds[screen.workItem], recordId, back: `/${screen.path}/${recordId}/connections` };
}

/** A contact (or a company) linked to an inquiry or a to-do on its connections tab. */
export async function linkContact(input: RecordIntentInput) {
  const { kind, recordId, back } = connectionsOf(input);
  const submission = parseWithZod(input.formData, { schema: contactChoiceFormSchema });
  if (submission.status !== "success") return invalid("contact-link", submission);
  try {
    await api(input.context).call(workItemsApi.addLink, {
      params: { table: kind.table, id: recordId },
      body: readContactChoice(submission.value.selection),
    });
  } catch (error) {
    // The API names the link's fields; the panel has one choice for both.
    const messages = error instanceof ApiError ? Object.values(fieldErrors(error.status, error.body)) : [];
    if (messages.length > 0) {
      return data<RecordActionResult>(
        { form: "contact-link", result: submission.reply({ fieldErrors: { selection: messages } }) },
        { status: 400 },
      );
    }
    return refused(error, "POST", "contact-link", submission);
  }
  flash(input.context, { status: "success", message: "workItems.linked", duration: 3000 });
  return redirect(back);
}

/** A link of an inquiry or a to-do removed on its connections tab. */
export async function unlinkContact(input: RecordIntentInput) {
  const { kind, back } = connectionsOf(input);
  const submission = parseWithZod(input.formData, { schema: unlinkContactFormSchema });
  if (submission.status !== "success") badRequest();
  try {
    await api(input.context).call(workItemsApi.removeLink, {
      params: { table: kind.table, linkId: submission.value.linkId },
    });
  } catch (error) {
    return refused(error, "DELETE", "contact-link");
  }
  flash(input.context, { status: "success", message: "workItems.unlinked", duration: 3000 });
  return redirect(back);
}
