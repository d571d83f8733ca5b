import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ApiError } from "./api.server.ts";
import { errorDialogText, fieldErrors } from "./api-errors.ts";
import { flash } from "./flash.server.ts";
import type { ActionResult } from "./form-action.ts";

/**
 * The form an action was posted, or a 400 answer when the body is not one (another content type, a body cut off):
 * every action reads its form through this.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Bad request", { status: 400 });
  }
}

/** The answer to a post that no form of the page sends (an unknown intent, a missing id): nothing is changed. */
export function badRequest(): never {
  throw data("Bad request", { status: 400 });
}

/** What the handler of one intent is given: what its action passes on, the posted form, and the intent it answers. */
export type IntentInput<Args extends object = object> = Args & { formData: FormData; intent: string };

// Each handler names its own arguments; the map only passes them on.
type AnyIntentHandler = (input: IntentInput<any>) => unknown;

type HandlerArgs<H extends AnyIntentHandler> = Omit<Parameters<H>[0], "formData" | "intent">;

/**
 * An action whose page posts several forms, told apart by their `intent` field (STYLE.md): a map from each intent to
 * its handler. The returned action reads the form once, calls the handler of the posted intent with the form and
 * the arguments it is given, and answers 400 for an intent the map does not know (also one missing or a file).
 *
 *     const action = intentActions({ delete: deleteItem, save: saveItem });
 *     return action(request, { context, id });
 */
export function intentActions<H extends Record<string, AnyIntentHandler>>(handlers: H) {
  return async (request: Request, args: HandlerArgs<H[keyof H]>): Promise<Awaited<ReturnType<H[keyof H]>>> =>
    dispatchIntent(handlers, await readForm(request), args);
}

/** {@link intentActions} for a form the action has read already (to look at it before the intent decides). */
export async function dispatchIntent<H extends Record<string, AnyIntentHandler>>(
  handlers: H,
  formData: FormData,
  args: HandlerArgs<H[keyof H]>,
): Promise<Awaited<ReturnType<H[keyof H]>>> {
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) badRequest();
  return (await handlers[intent]({ ...args, formData, intent })) as Awaited<ReturnType<H[keyof H]>>;
}

/** What the replies need of a parsed submission. */
export interface Replying {
  reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * The API refused a change: its field errors go on the form's fields (named as the API names them, custom fields
 * with their `customFields.` prefix), the exception's text into the warning dialog (spec §8). Anything but the API's
 * refusal is thrown on.
 */
export function refused<Form extends string>(
  error: unknown,
  method: "POST" | "PUT" | "DELETE",
  form: Form,
  submission?: Replying,
  /** The form's name for a field the API names otherwise. */
  formField: (apiField: string) => string = (field) => field,
) {
  if (!(error instanceof ApiError)) throw error;
  const byField = Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [
    formField(field),
    [message],
  ]);
  return data<ActionResult<Form>>(
    {
      form,
      result: submission?.reply({ fieldErrors: Object.fromEntries(byField) }),
      dialog: errorDialogText(method, error.status, error.body),
    },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/** The submission did not pass its schema: the form shows its errors (what the browser checks with JavaScript). */
export function invalid<Form extends string>(form: Form, submission: Replying) {
  return data<ActionResult<Form>>({ form, result: submission.reply() }, { status: 400 });
}

/** The form sent back as it was, unchecked: the warning dialog was closed without JavaScript. */
export function dismissed<Form extends string>(form: Form, payload: unknown) {
  return data<ActionResult<Form>>({
    form,
    result: { initialValue: payload as SubmissionResult["initialValue"] },
  });
}

/** How a confirmed deletion goes: see {@link deleteThenRedirect}. */
export interface Deletion<Refusal> {
  /**
   * Reads the item (for its name in the notice), deletes it, and answers its name; `null` when the item was already
   * gone and no notice is due.
   */
  remove: () => Promise<string | null>;
  /** The notice's translation key; its `name` is what `remove` answered. */
  toast: string;
  /** How long the notice shows, in milliseconds. */
  duration?: number;
  /** The list the user returns to. */
  to: string;
  /** What the page shows when the API refuses: by default its text in the warning dialog of the form "delete". */
  refusal?: (error: unknown) => Refusal;
  /** Runs whether or not the deletion went through: caches that must read the list anew. */
  settle?: () => void;
}

/**
 * A deletion after its confirmation, as every list screen does it: the API's delete, a notice naming what went, and
 * back to the list; a refusal (in use, no right, gone meanwhile) answers the page instead.
 */
export async function deleteThenRedirect<Refusal = ReturnType<typeof refused<"delete">>>(
  context: Readonly<RouterContextProvider>,
  { remove, toast, duration = 3000, to, refusal, settle }: Deletion<Refusal>,
): Promise<Response | Refusal> {
  let name: string | null;
  try {
    name = await remove();
  } catch (error) {
    return refusal ? refusal(error) : (refused(error, "DELETE", "delete") as Refusal);
  } finally {
    settle?.();
  }
  if (name !== null) flash(context, { status: "success", message: toast, duration, params: { name } });
  return redirect(to);
}
