import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { ApiError } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors } from "../../utils/api-errors.ts";

/** What a settings action answers when it does not redirect: a form's errors, and the warning dialog's text if any. */
export interface SettingsActionResult<Form extends string = string> {
  form: Form;
  result?: SubmissionResult<string[]>;
  /** In English as the error catalogue has it; the page shows it in its language. */
  dialog?: string | null;
}

/**
 * The API refused a change: its field errors go on the form's fields (named as the API names them), the exception's
 * text into the warning dialog. Anything but the API's refusal is thrown on.
 */
export function refused<Form extends string>(
  error: unknown,
  method: "POST" | "PUT" | "DELETE",
  form: Form,
  submission?: { reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> },
  /** The form's name for a field the API names otherwise. */
  formField: (apiField: string) => string = (field) => field,
) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [
    formField(field),
    [message],
  ]);
  return data<SettingsActionResult<Form>>(
    {
      form,
      result: submission?.reply({ fieldErrors: Object.fromEntries(byField) }),
      dialog: errorDialogText(method, error.status, error.body),
    },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/** The form sent back as it was, unchecked: the warning dialog was closed without JavaScript. */
export function dismissed<Form extends string>(form: Form, payload: unknown) {
  return data<SettingsActionResult<Form>>({
    form,
    result: { initialValue: payload as SubmissionResult["initialValue"] },
  });
}
