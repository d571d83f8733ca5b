import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { bulkDataApi } from "../../../server/contract/bulk-data.api.ts";
import { bulkDataTexts, type ImportDetail, type ImportMappingInput } from "../../../server/contract/bulk-data.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors, serverMessage } from "../../utils/api-errors.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { bulkEntities, entityOptions, findEntity, mayImport } from "./entities.ts";
import { importMappingSchema } from "./import-forms.ts";
import { importUrl, newImportUrl } from "./urls.ts";

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** An import's page: its columns to map and its preview while it is being mapped, its progress and outcome after. */
export async function loadImport(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const user = requirePermission(context, request, "Read", "Import");
  if (!ID.test(id)) throw data("Not found", { status: 404 });
  const detail = await api(context).call(bulkDataApi.getImport, { params: { id } });
  const entity = findEntity(user, detail.import.schemaAndTableName);
  const confirm = new URL(request.url).searchParams.get("confirm");
  const item = detail.import;
  return data({
    detail,
    entity: entity ? entityOptions([entity])[0] : null,
    entities: entityOptions(bulkEntities(user)),
    // Only its owner (or an administrator) changes an import; the API checks anyway.
    canChange:
      hasPermission(user, "Create", "Import") &&
      (item.createdBy.uuid === user.uuid || hasPermission(user, "Update", "Import")),
    canImportAgain: Boolean(entity && mayImport(user, entity)),
    confirm:
      confirm === "discard" && item.status === null
        ? ("discard" as const)
        : confirm === "stop" && item.status === "importing" && !item.stopRequested
          ? ("stop" as const)
          : null,
  });
}

export interface ImportActionResult {
  result?: SubmissionResult<string[]>;
  dialog?: string | null;
}

/** The API's field names for a column ("mapping.2", "mapping[2]") as the form names it ("mapping[2]"). */
function formFieldName(field: string): string {
  const column = /^mapping(?:\.|\[)(\d+)\]?$/.exec(field);
  return column ? `mapping[${column[1]}]` : field;
}

/** Whether the form's mapping is the one saved (and checked). */
function sameMapping(detail: ImportDetail, mapping: ImportMappingInput): boolean {
  return (
    mapping.mode === detail.import.mode &&
    (mapping.matchField ?? null) === detail.import.matchField &&
    detail.columns.every((column) => (mapping.mapping[column.index] ?? null) === column.fieldKey)
  );
}

/** The mapping's own rules that the API may answer with, shown above the form rather than in the warning. */
const formTexts = new Set<string>(Object.values(bulkDataTexts));

/**
 * The import page's forms: Check (save the mapping and check the whole file with it, in the background), Start (once
 * checked: start the import; with a mapping changed since, check that first), Discard (after a question) and Stop
 * (after a question). The mapping is checked by the same schema the page validates with.
 */
export async function importAction(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  requirePermission(context, request, "Create", "Import");
  if (!ID.test(id)) throw data("Not found", { status: 404 });
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const client = api(context);
  const params = { id };

  if (intent === "discard" || intent === "stop") {
    try {
      if (intent === "discard") {
        const detail = await client.call(bulkDataApi.getImport, { params });
        await client.call(bulkDataApi.discardImport, { params });
        flash(context, { status: "success", message: "bulk.imports.discarded", duration: 3000 });
        return redirect(newImportUrl(detail.import.schemaAndTableName));
      }
      await client.call(bulkDataApi.stopImport, { params });
      flash(context, { status: "info", message: "bulk.imports.stopping", duration: 3000 });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // It finished or started meanwhile: its page says what it is now.
      if (error.status !== 409 && error.status !== 400) {
        return data<ImportActionResult>({
          dialog: errorDialogText(intent === "stop" ? "POST" : "DELETE", error.status, error.body),
        });
      }
    }
    return redirect(importUrl(id));
  }

  const detail = await client.call(bulkDataApi.getImport, { params });
  // Mapped or started elsewhere meanwhile: the page shows it as it is now.
  if (detail.import.status !== null) return redirect(importUrl(id));
  const submission = parseWithZod(formData, { schema: importMappingSchema(detail) });
  if (submission.status !== "success") {
    return data<ImportActionResult>({ result: submission.reply() }, { status: 400 });
  }
  const { intent: step, ...mapping } = submission.value;
  // Start imports what was checked; a mapping changed since is saved and checked first, as Check does.
  const starts = step === "start" && detail.import.check.status === "checked" && sameMapping(detail, mapping);
  try {
    if (starts) await client.call(bulkDataApi.startImport, { params });
    else {
      await client.call(bulkDataApi.updateMapping, { params, body: mapping });
      await client.call(bulkDataApi.checkImport, { params });
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const errors = fieldErrors(error.status, error.body);
    // Started or being checked meanwhile (another tab): its page shows it as it is now.
    if (errors.status === bulkDataTexts.notBeingMapped || errors.status === bulkDataTexts.checkRunning) {
      return redirect(importUrl(id));
    }
    // The mapping as a whole ("Map at least one column") is the form's error; a column's is its select's.
    const { mapping: whole, ...perField } = errors;
    const byField = Object.fromEntries(
      Object.entries(perField).map(([field, message]) => [formFieldName(field), [message]]),
    );
    const message = serverMessage(error.body) || "";
    const formErrors = whole
      ? [whole]
      : Object.keys(byField).length === 0 && formTexts.has(message)
        ? [message]
        : undefined;
    const dialog =
      Object.keys(byField).length > 0 || formErrors ? null : errorDialogText("POST", error.status, error.body);
    return data<ImportActionResult>(
      { result: submission.reply({ fieldErrors: byField, formErrors }), dialog },
      { status: error.status === 400 ? 400 : 200 },
    );
  }
  return redirect(importUrl(id));
}
