import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { usersApi } from "../../server/contract/users.api.ts";
import { forgetUser, getUser } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import { webEnv } from "../utils/env.server.ts";
import { readForm } from "../utils/form-action.server.ts";
import { preferenceSchema } from "../utils/preference-schema.ts";
import { languageCookie, menuLayoutCookie, skinCookie } from "../utils/preferences.server.ts";
import { safeRedirectPath } from "../utils/redirect.ts";
import type { Route } from "./+types/resources.preferences";

const cookies = { skin: skinCookie, menuLayout: menuLayoutCookie, language: languageCookie };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: preferenceSchema });
  if (submission.status !== "success") throw data("Unknown preference", { status: 400 });
  const { intent, value } = submission.value;
  if (intent === "language" && getUser(context)) {
    // The signed-in user's language is theirs everywhere, so it is saved with the user.
    await api(context).call(usersApi.changeLanguage, { body: { language: value } });
    forgetUser(context);
  }
  return redirect(safeRedirectPath(formData.get("redirectTo"), webEnv().appUrl), {
    headers: { "Set-Cookie": await cookies[intent].serialize(value) },
  });
}

export function loader() {
  return redirect("/");
}
