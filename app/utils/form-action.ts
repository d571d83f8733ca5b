import type { SubmissionResult } from "@conform-to/react";

/**
 * What an action answers when it does not redirect: which of the page's forms answered, Conform's reply for it (its
 * errors, or the values sent back as they were), and the warning dialog's text if any. The page reads it with
 * `useActionData` or a fetcher; routes type it as `ActionResult<"item" | "delete">`.
 */
export interface ActionResult<Form extends string = string> {
  form: Form;
  result?: SubmissionResult<string[]>;
  /** In English as the error catalogue or the API has it; the page shows it in its language. */
  dialog?: string | null;
}

/**
 * The side panel or question a list screen's URL opens over it: "new" (`?panel=new`), or one of `Modes` about the
 * item the URL names (`?panel=edit&id=…`, `?confirm=delete&id=…`), the item under the key `Key`.
 */
export type PanelState<Key extends string, Item, Modes extends string = "edit" | "delete"> =
  | { mode: "new" }
  | { [M in Modes]: { mode: M } & { [K in Key]: Item } }[Modes];
