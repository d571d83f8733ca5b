import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { overviewBlocksApi } from "../../../../server/contract/overview-blocks.api.ts";
import { defaultOverviewBlocks } from "../../../../server/contract/overview-blocks.ts";
import { hasPermission, requirePermission } from "../../../middleware/auth.server.ts";
import { getInstance, getLocale } from "../../../middleware/i18next.server.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { errorDialogText, OOPS, serverMessage } from "../../../utils/api-errors.ts";
import { flash } from "../../../utils/flash.server.ts";
import { readForm } from "../../../utils/form-action.server.ts";
import { entityOfTab } from "../entity-tab.server.ts";
import { entityParam, overviewBlocksUrl, SETTINGS_RESOURCE } from "../urls.ts";
import { blockAnchor, moveOf, OVERVIEW_LIST_ANCHOR, orderOf, parseOverviewBlocksForm } from "./overview-block-form.ts";

/** What the action answers when it does not redirect: the form's errors, or (to a script's request) that it saved. */
export interface OverviewBlocksActionResult {
  result: SubmissionResult<string[]>;
  saved?: boolean;
}

/**
 * The overview blocks screen (spec §2 expanded-entity-overview-widgets): the entities to choose from, the chosen one's
 * blocks in order, and the reset confirmation when the URL opens it.
 */
export async function loadOverviewBlocks(
  request: Request,
  context: Readonly<RouterContextProvider>,
  tab: string | undefined,
) {
  const user = requirePermission(context, request, "Read", SETTINGS_RESOURCE);
  const client = api(context);
  const { entities, entity, params } = await entityOfTab(client, tab);
  const blocks = await client.call(overviewBlocksApi.get, { params });
  const canUpdate = hasPermission(user, "Update", SETTINGS_RESOURCE);
  return {
    title: getInstance(context).t("settings.overviewBlocks.title"),
    entities,
    entity: entityParam(entity),
    /** The entity as the URL names it; null when it names none (the first entity is shown). */
    tab: tab ?? null,
    blocks,
    canUpdate,
    confirmReset: canUpdate && new URL(request.url).searchParams.get("confirm") === "reset",
  };
}

export type OverviewBlocksData = Awaited<ReturnType<typeof loadOverviewBlocks>>;

/**
 * Everything the screen posts, each saved as the entity's whole order: the checkboxes (Save), a block moved up or
 * down, and the reset after its confirmation. Without JavaScript the page comes back at the block moved; a script's
 * request (the form's `js`) gets an answer instead, and the page reads the order anew.
 */
export async function overviewBlocksAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  tab: string | undefined,
) {
  requirePermission(context, request, "Update", SETTINGS_RESOURCE);
  const client = api(context);
  const { entity, params } = await entityOfTab(client, tab);
  const formData = await readForm(request);

  if (formData.get("intent") === "reset") {
    await client.call(overviewBlocksApi.save, { params, body: defaultOverviewBlocks(entity) });
    flash(context, {
      status: "success",
      message: "settings.overviewBlocks.resetToast",
      duration: 3000,
      params: { entity: getLocale(context) === "nb" ? entity.pluralNb : entity.pluralEn },
    });
    return redirect(overviewBlocksUrl(tab));
  }

  const submission = parseOverviewBlocksForm(formData);
  if (submission.status !== "success") {
    return data<OverviewBlocksActionResult>({ result: submission.reply() }, { status: 400 });
  }
  try {
    await client.call(overviewBlocksApi.save, { params, body: orderOf(submission.value) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The order's rules answer with their own text (the page shows it in its language); the catalogue has the rest.
    const text = errorDialogText("PUT", error.status, error.body) ?? (serverMessage(error.body) || OOPS);
    return data<OverviewBlocksActionResult>(
      { result: submission.reply({ formErrors: [text] }) },
      { status: error.status === 400 ? 400 : 200 },
    );
  }
  if (formData.get("js") === "1") return data<OverviewBlocksActionResult>({ result: submission.reply(), saved: true });
  const move = moveOf(submission.value.intent);
  return redirect(overviewBlocksUrl(tab, {}, move ? blockAnchor(move.key) : OVERVIEW_LIST_ANCHOR));
}
