import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { bulkDataApi } from "../../../server/contract/bulk-data.api.ts";
import type { ImportDetail } from "../../../server/contract/bulk-data.ts";
import { fileMessages, tooLargeMessage } from "../../../server/contract/files.ts";
import { requirePermission } from "../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors, serverMessage } from "../../utils/api-errors.ts";
import { webEnv } from "../../utils/env.server.ts";
import { forwardUpload } from "../files/upload.server.ts";
import { bulkRoute, entityOptions, importableEntities } from "./entities.ts";
import { MEGABYTE } from "./import-forms.ts";
import { importUrl } from "./urls.ts";

/** The entity to import into: the one the address names, if the user may import into it; else the first they may. */
function chosenEntity(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Create", "Import");
  const entities = importableEntities(user);
  if (entities.length === 0) throw data("Forbidden", { status: 403 });
  const asked = new URL(request.url).searchParams.get("entity");
  const entity = entities.find((candidate) => candidate.value === asked);
  return { entities, entity, asked };
}

/** Step 1 of an import: what to import into, its template, and the file. */
export function loadNewImport(request: Request, context: Readonly<RouterContextProvider>) {
  const { entities, entity } = chosenEntity(request, context);
  return {
    title: getInstance(context).t("bulk.imports.newTitle"),
    entities: entityOptions(entities),
    entity: (entity ?? entities[0]).value,
    // An import's file has a limit of its own (MAX_IMPORT_MB), as the API's.
    maxImportMb: webEnv().maxImportMb,
  };
}

export interface UploadAnswer {
  result: SubmissionResult<string[]>;
  dialog?: string | null;
}

/**
 * The file of a new import, streamed on to the API as it arrives (decision 018): the API reads its header row, matches
 * the columns to fields and answers with the import, whose page maps them. Its refusals (size, type, an empty or
 * unreadable file) show on the file field with the spec's texts.
 */
export async function uploadImport(request: Request, context: Readonly<RouterContextProvider>) {
  const { entity, asked } = chosenEntity(request, context);
  // The form posts to the address of the entity it showed; any other is a stale or forged form.
  if (!entity || entity.value !== asked) throw data("Bad request", { status: 400 });
  const client = api(context);
  const maxMegabytes = webEnv().maxImportMb;
  let forwarded: Awaited<ReturnType<typeof forwardUpload<ImportDetail>>>;
  try {
    forwarded = await forwardUpload<ImportDetail>(
      request,
      // In the query: the form's body is streamed on as it is. The error file then speaks the page's language.
      (body, type) => {
        const { route, params } = bulkRoute(entity, {
          standard: bulkDataApi.initiateImport,
          custom: bulkDataApi.initiateTableImport,
        });
        return client.upload(route, { params, query: { lang: getLocale(context) } }, body, type);
      },
      { maxBytes: maxMegabytes * MEGABYTE, fileField: "file" },
    );
  } catch {
    // The browser's body broke off: nothing was stored, and nobody is waiting for an answer.
    throw data("Bad request", { status: 400 });
  }
  const refuse = (message: string | null, dialog?: string | null) =>
    data<UploadAnswer>(
      {
        result: { status: "error", error: message ? { file: [message] } : {} },
        dialog,
      },
      { status: dialog ? 200 : 400 },
    );
  const { outcome } = forwarded;
  if (outcome.kind === "noFile") return refuse(fileMessages.missing);
  if (outcome.kind === "tooLarge") return refuse(tooLargeMessage(maxMegabytes));
  if (outcome.kind === "refused") return refusedUpload(outcome.error, maxMegabytes, refuse);
  return redirect(importUrl(outcome.result.import.id));
}

function refusedUpload(
  error: unknown,
  maxMegabytes: number,
  refuse: (message: string | null, dialog?: string | null) => ReturnType<typeof data<UploadAnswer>>,
) {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 415) return refuse(fileMessages.unsupportedType);
  if (error.status === 413) return refuse(tooLargeMessage(maxMegabytes));
  // The file's own faults (empty, no header row, unreadable) are the API's message, on the file.
  const byField = fieldErrors(error.status, error.body);
  const fileError = byField.file ?? Object.values(byField)[0];
  if (fileError) return refuse(fileError);
  if (error.status === 400 && serverMessage(error.body)) return refuse(serverMessage(error.body));
  return refuse(null, errorDialogText("POST", error.status, error.body));
}
