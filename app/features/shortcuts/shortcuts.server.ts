import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { shortcutsApi } from "../../../server/contract/shortcuts.api.ts";
import { isAppPath, type ShortcutDto, shortcutTexts } from "../../../server/contract/shortcuts.ts";
import { forgetUser, requireUser } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { fieldErrors } from "../../utils/api-errors.ts";
import { flash } from "../../utils/flash.server.ts";
import { badRequest, deleteThenRedirect, type IntentInput, intentActions } from "../../utils/form-action.server.ts";
import { moveShortcut, rowIntents, SHORTCUTS_PATH, shortcutAnchor, shortcutsUrl } from "../../utils/shortcut-urls.ts";
import { parseShortcutForm } from "./shortcut-form.ts";

type Client = ReturnType<typeof api>;

/** Which panel or dialog the URL opens: a rename or a deletion, of one of the user's own shortcuts only. */
export type ShortcutPanelState = { mode: "edit"; shortcut: ShortcutDto } | { mode: "delete"; shortcut: ShortcutDto };

/** What the action answers when it does not redirect: the panel's errors, or (to a script) that it is done. */
export interface ShortcutsActionResult {
  result?: SubmissionResult<string[]>;
  done?: boolean;
}

function readPanel(url: URL, shortcuts: ShortcutDto[]): ShortcutPanelState | null {
  const named = shortcuts.find((shortcut) => shortcut.uuid === url.searchParams.get("id") && shortcut.own);
  if (!named) return null;
  if (url.searchParams.get("confirm") === "delete") return { mode: "delete", shortcut: named };
  if (url.searchParams.get("panel") === "edit") return { mode: "edit", shortcut: named };
  return null;
}

/** The shortcuts page: every shortcut the user sees, in their order, and the panel or dialog the URL opens. */
export async function loadShortcuts(request: Request, context: Readonly<RouterContextProvider>) {
  requireUser(context, request);
  const shortcuts = await api(context).call(shortcutsApi.userShortcuts);
  return {
    title: getInstance(context).t("shortcuts.title"),
    shortcuts,
    panel: readPanel(new URL(request.url), shortcuts),
  };
}

export type ShortcutsData = Awaited<ReturnType<typeof loadShortcuts>>;

const rowCommand = z.object({ intent: z.enum(rowIntents), id: z.uuid() });
const orderCommand = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

/**
 * Everything the shortcuts page posts, and the "Add to shortcuts" of every page's header. Each change forgets the
 * user's cached information, so the menu shows it on the next page. Without JavaScript a row's change comes back to
 * the row; a script's request (the form's `js`) gets an answer instead, and the page reads the list anew.
 */
export async function shortcutsAction(request: Request, context: Readonly<RouterContextProvider>) {
  requireUser(context, request);
  return shortcutIntents(request, { context, client: api(context), url: new URL(request.url) });
}

/** What each of the shortcuts page's intents is given. */
type ShortcutIntentInput = IntentInput<{ context: Readonly<RouterContextProvider>; client: Client; url: URL }>;

/** Done: a script's request gets an answer; without JavaScript the page comes back (at the row, if one moved). */
function back({ formData }: ShortcutIntentInput, anchor?: string) {
  return formData.get("js") === "1" ? data<ShortcutsActionResult>({ done: true }) : redirect(shortcutsUrl({}, anchor));
}

/** The user's own list in the order dragged or moved with JavaScript. */
async function orderList(input: ShortcutIntentInput) {
  const command = orderCommand.safeParse({ ids: input.formData.getAll("ids") });
  if (!command.success) badRequest();
  await changeList(input.context, () => input.client.call(shortcutsApi.order, { body: command.data.ids }));
  return back(input);
}

/** One of the user's own shortcuts deleted after its question; one gone meanwhile is a notice. */
async function deleteShortcut({ context, client, url, formData }: ShortcutIntentInput) {
  const id = z.uuid().safeParse(url.searchParams.get("id") ?? formData.get("id"));
  if (!id.success) badRequest();
  return deleteThenRedirect(context, {
    remove: async () => {
      const deleted = await changeList(context, async () => {
        const shortcut = (await client.call(shortcutsApi.userShortcuts)).find((s) => s.uuid === id.data && s.own);
        await client.call(shortcutsApi.deleteOwn, { params: { id: id.data } });
        return shortcut;
      });
      return deleted?.name ?? null;
    },
    toast: "shortcuts.deletedToast",
    to: SHORTCUTS_PATH,
    refusal: (error): never => {
      throw error;
    },
  });
}

/** A row's Show, Hide, Up or Down. */
async function changeRow(input: ShortcutIntentInput) {
  const { context, client, formData, intent } = input;
  const command = rowCommand.safeParse({ intent, id: formData.get("id") });
  if (!command.success) badRequest();
  const { id } = command.data;
  await changeList(context, async () => {
    if (command.data.intent === "show" || command.data.intent === "hide") {
      const visible = command.data.intent === "show" ? "true" : "false";
      await client.call(shortcutsApi.setVisibility, { params: { id }, query: { visible } });
      return;
    }
    // The order as it is now, with the one moved: two pages open at once never undo each other's moves.
    const ids = (await client.call(shortcutsApi.userShortcuts)).map((shortcut) => shortcut.uuid);
    await client.call(shortcutsApi.order, { body: moveShortcut(ids, id, command.data.intent) });
  });
  return back(input, shortcutAnchor(id));
}

const shortcutIntents = intentActions({
  add: ({ context, client, formData }: ShortcutIntentInput) =>
    addPage(context, client, formData, formData.get("js") === "1"),
  order: orderList,
  delete: deleteShortcut,
  save: ({ context, client, url, formData }: ShortcutIntentInput) => rename(context, client, url, formData),
  show: changeRow,
  hide: changeRow,
  up: changeRow,
  down: changeRow,
});

/**
 * Runs a change of the user's list; a shortcut gone meanwhile (deleted on another page, a shared one taken away) is
 * a notice, not an error page.
 */
async function changeList<T>(context: Readonly<RouterContextProvider>, change: () => Promise<T>) {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    flash(context, { status: "error", message: "shortcuts.notFound", duration: 3000 });
    return undefined;
  } finally {
    forgetUser(context);
  }
}

/**
 * The page a header's "Add to shortcuts" was on, named by its title, becomes one of the user's own shortcuts. Without
 * JavaScript the user comes back to that page (its address checked to be in the app), with a notice.
 */
async function addPage(context: Readonly<RouterContextProvider>, client: Client, formData: FormData, js: boolean) {
  const posted = formData.get("url");
  const page = typeof posted === "string" && isAppPath(posted) ? posted : SHORTCUTS_PATH;
  const done = () => (js ? data<ShortcutsActionResult>({ done: true }) : redirect(page));
  const submission = parseShortcutForm(formData);
  if (submission.status !== "success") {
    flash(context, { status: "error", message: "shortcuts.addFailed", duration: 3000 });
    return done();
  }
  try {
    const added = await client.call(shortcutsApi.addOwn, { body: submission.value });
    flash(context, {
      status: "success",
      message: "shortcuts.addedToast",
      duration: 3000,
      params: { name: added.name },
    });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) throw error;
    const limit = error.body.errors?.some((e) => e.code === shortcutTexts.ownLimit);
    const message = error.status === 409 ? "shortcuts.alreadyAdded" : limit ? "shortcuts.limit" : "shortcuts.addFailed";
    flash(context, { status: error.status === 409 ? "info" : "error", message, duration: 3000 });
  } finally {
    forgetUser(context);
  }
  return done();
}

/** The rename panel: one of the user's own shortcuts, its name and address checked by the API's schema. */
async function rename(context: Readonly<RouterContextProvider>, client: Client, url: URL, formData: FormData) {
  const id = z.uuid().safeParse(url.searchParams.get("id"));
  if (!id.success) throw data("Bad request", { status: 400 });
  const submission = parseShortcutForm(formData);
  if (submission.status !== "success") {
    return data<ShortcutsActionResult>({ result: submission.reply() }, { status: 400 });
  }
  try {
    await client.call(shortcutsApi.changeOwn, { params: { id: id.data }, body: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) {
      flash(context, { status: "error", message: "shortcuts.notFound", duration: 3000 });
      return redirect(SHORTCUTS_PATH);
    }
    const byField = Object.fromEntries(
      Object.entries(fieldErrors(error.status, error.body)).map(([field, message]) => [field, [message]]),
    );
    return data<ShortcutsActionResult>(
      { result: submission.reply({ fieldErrors: byField }) },
      { status: error.status === 409 ? 409 : 400 },
    );
  } finally {
    forgetUser(context);
  }
  flash(context, {
    status: "success",
    message: "shortcuts.savedToast",
    duration: 3000,
    params: { name: submission.value.name },
  });
  return redirect(shortcutsUrl({}, shortcutAnchor(id.data)));
}
