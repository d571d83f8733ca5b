import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { messages } from "../../server/contract/messages.ts";

/** "Go to Page": a whole page number from 1 to the last page (spec §2, §5). */
export function goToPageSchema(lastPage: number) {
  const range = messages.pageRange;
  return z.object({
    gotoPage: z.number({ error: range }).int(range).min(1, range).max(lastPage, range),
  });
}

export interface GoToPageState {
  open: boolean;
  /** The result of the last try, for the dialog to show its error. */
  lastResult?: SubmissionResult<string[]>;
}

/**
 * Reads a list URL's "Go to" dialog: `?goto=1` opens it, and `gotoPage` is a try. A valid page gives the page to go
 * to; an invalid one keeps the dialog open with the error.
 */
export function readGoToPage(url: URL, lastPage: number): { page?: number; state: GoToPageState } {
  if (!url.searchParams.has("gotoPage")) return { state: { open: url.searchParams.has("goto") } };
  const submission = parseWithZod(url.searchParams, { schema: goToPageSchema(lastPage) });
  if (submission.status === "success") return { page: submission.value.gotoPage, state: { open: false } };
  return { state: { open: true, lastResult: submission.reply() } };
}
