import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { documentsApi } from "../../../server/contract/documents.api.ts";
import { fileMessages, tooLargeMessage } from "../../../server/contract/files.ts";
import type { RecordDto } from "../../../server/contract/records.ts";
import { requireUser } from "../../middleware/auth.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors } from "../../utils/api-errors.ts";
import { isUuid } from "../../utils/api-path.ts";
import { webEnv } from "../../utils/env.server.ts";
import { flash } from "../../utils/flash.server.ts";
import { forwardUpload } from "../files/upload.server.ts";
import type { RecordScreen } from "../records/screens.ts";
import { MEGABYTE, uploadFieldsSchema } from "./upload-form.ts";

/** What became of an upload: where to go next, or the form's errors and the warning dialog's text. */
export type UploadOutcome =
  | { ok: true; redirectTo: string }
  | { ok: false; result: SubmissionResult<string[]>; dialog?: string | null };

/**
 * A document uploaded from the documents list, or from a record's documents tab (attached to that record). The file
 * streams on to the API as it arrives (forwardUpload); the text fields are checked with the form's schema, and the
 * file's absence, size and type come back as errors on the file field, with the spec's texts.
 */
export async function handleUpload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  recordId: string | undefined,
): Promise<UploadOutcome> {
  requireUser(context, request);
  if (recordId !== undefined && !isUuid(recordId)) throw data("Not found", { status: 404 });
  if (recordId === undefined && !screen.upload) throw data("Bad request", { status: 400 });
  const client = api(context);
  const upload = (body: ReadableStream<Uint8Array>, type: string) =>
    recordId === undefined
      ? client.upload(documentsApi.upload, {}, body, type)
      : client.upload(
          documentsApi.uploadAttached,
          { params: { schema: screen.schema, table: screen.table, id: recordId } },
          body,
          type,
        );
  const maxMegabytes = webEnv().maxUploadMb;
  let forwarded: Awaited<ReturnType<typeof forwardUpload<RecordDto>>>;
  try {
    forwarded = await forwardUpload<RecordDto>(request, upload, {
      maxBytes: maxMegabytes * MEGABYTE,
      fileField: "file",
    });
  } catch {
    // The browser's body broke off: nothing was stored, and nobody is waiting for an answer.
    throw data("Bad request", { status: 400 });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(forwarded.fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema: uploadFieldsSchema });
  const refuse = (errors: Record<string, string[]>, dialog?: string | null): UploadOutcome => ({
    ok: false,
    result: submission.reply({ fieldErrors: errors }),
    dialog,
  });

  const { outcome } = forwarded;
  if (outcome.kind === "noFile") return refuse({ file: [fileMessages.missing] });
  if (outcome.kind === "tooLarge") return refuse({ file: [tooLargeMessage(maxMegabytes)] });
  if (outcome.kind === "refused") {
    const error = outcome.error;
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 415) return refuse({ file: [fileMessages.unsupportedType] });
    if (error.status === 413) return refuse({ file: [tooLargeMessage(maxMegabytes)] });
    const byField = Object.fromEntries(
      Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [field, [message]]),
    );
    return refuse(byField, errorDialogText("POST", error.status, error.body));
  }
  const document = outcome.result;
  flash(context, {
    status: "success",
    message: "attachments.uploaded",
    duration: 3000,
    params: { name: document.rowName },
  });
  return {
    ok: true,
    redirectTo: recordId === undefined ? `/documents/${document.uuid}` : `/${screen.path}/${recordId}/documents`,
  };
}
