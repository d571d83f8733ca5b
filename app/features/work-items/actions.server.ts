import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
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
import { invalid, type RecordActionResult, refused } from "../records/actions.server.ts";
import { entityInfo } from "../records/metadata.server.ts";
import { workItemSchema } from "../records/record-form.ts";
import { type RecordScreen, type WorkItemTab, workItemKinds } from "../records/screens.ts";

function isWorkItemTab(value: unknown): value is WorkItemTab {
  return value === "inquiries" || value === "todo";
}

/**
 * What a record's page posts about inquiries and to-dos: a new one made on a company's or a contact's tab (linked in
 * the same call), and an item's links made or removed on its connections tab. Undefined for any other form.
 */
export async function workItemAction(
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  recordId: string | undefined,
  formData: FormData,
  timeZone: string,
) {
  const intent = formData.get("intent");
  const client = api(context);
  const itemTab = formData.get("workItemTab");

  // A new item from a company's or a contact's tab; "dismiss" is its warning closed without JavaScript.
  if ((intent === "createWorkItem" || intent === "dismiss") && isWorkItemTab(itemTab) && recordId) {
    if (screen.table !== "company" && screen.table !== "contact") throw data("Bad request", { status: 400 });
    const kind = workItemKinds[itemTab];
    const info = await entityInfo(client, "crm", kind.table);
    const submission = parseWithZod(formData, {
      schema: workItemSchema(info.fields, timeZone, screen.table, getLocale(context)),
    });
    if (intent === "dismiss") {
      return data<RecordActionResult>({
        form: "record",
        result: { initialValue: submission.payload as SubmissionResult["initialValue"] },
      });
    }
    if (submission.status !== "success") return invalid("record", submission);
    const { statusId, values, extra } = submission.value;
    // The record whose tab it is stays one end of the link, whatever the form says.
    const link =
      screen.table === "company"
        ? { companyId: recordId, contactId: extra.contactId }
        : { contactId: recordId, companyId: extra.companyId ?? null };
    try {
      const item = await client.call(workItemsApi.createLinked, {
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

  if ((intent === "linkContact" || intent === "unlinkContact") && screen.workItem && recordId) {
    const kind = workItemKinds[screen.workItem];
    const back = `/${screen.path}/${recordId}/connections`;
    if (intent === "unlinkContact") {
      const submission = parseWithZod(formData, { schema: unlinkContactFormSchema });
      if (submission.status !== "success") throw data("Bad request", { status: 400 });
      try {
        await client.call(workItemsApi.removeLink, {
          params: { table: kind.table, linkId: submission.value.linkId },
        });
      } catch (error) {
        return refused(error, "DELETE", "contact-link");
      }
      flash(context, { status: "success", message: "workItems.unlinked", duration: 3000 });
      return redirect(back);
    }
    const submission = parseWithZod(formData, { schema: contactChoiceFormSchema });
    if (submission.status !== "success") return invalid("contact-link", submission);
    try {
      await client.call(workItemsApi.addLink, {
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
    flash(context, { status: "success", message: "workItems.linked", duration: 3000 });
    return redirect(back);
  }
  return undefined;
}
