import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { dashboardsApi } from "../../../server/contract/dashboards.api.ts";
import { defaultDashboardInputSchema } from "../../../server/contract/dashboards.ts";
import { forgetUser, requireUser } from "../../middleware/auth.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { isUuid } from "../../utils/api-path.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";

import { loadDashboard } from "./dashboard.server.ts";

/** `/dashboard/{id}` (spec §2): the dashboard the id names, when the user's groups may see it; else not found. */
export async function loadDashboardPage(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const user = requireUser(context, request);
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  const screen = await loadDashboard(context, id, new URL(request.url));
  return { ...screen, isHome: user.homeDashboard?.uuid === screen.dashboard.uuid };
}

/**
 * "Make this my home dashboard": the user's own default (`PUT categories/default`), a plain POST form. The user's cached
 * information forgets its old default, so the home page shows the new one at once.
 */
export async function dashboardPageAction(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  requireUser(context, request);
  const submission = parseWithZod(await readForm(request), { schema: defaultDashboardInputSchema });
  // The form names the dashboard it is on; the API checks that the user's groups see it.
  if (submission.status !== "success" || !submission.value.dashboardUuid) throw data("Bad request", { status: 400 });
  try {
    const home = await api(context).call(dashboardsApi.setDefaultDashboard, { body: submission.value });
    flash(context, {
      status: "success",
      message: "dashboards.madeHome",
      duration: 3000,
      params: { name: home?.name ?? "" },
    });
  } catch (error) {
    // A dashboard gone meanwhile, or taken from the user's groups: its page now answers that.
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  } finally {
    forgetUser(context);
  }
  return redirect(`/dashboard/${encodeURIComponent(id)}`);
}

export type DashboardPageData = Awaited<ReturnType<typeof loadDashboardPage>>;
