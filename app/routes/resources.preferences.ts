import { data, redirect } from "react-router";
import { z } from "zod";
import { forgetUser, getUser } from "../middleware/auth.server.ts";
import { api } from "../utils/api.server.ts";
import { webEnv } from "../utils/env.server.ts";
import { languages } from "../utils/i18n.ts";
import { languageCookie, menuLayoutCookie, skinCookie } from "../utils/preferences.server.ts";
import { menuLayouts, skins } from "../utils/preferences.ts";
import { safeRedirectPath } from "../utils/redirect.ts";
import type { Route } from "./+types/resources.preferences";

const PreferenceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("skin"), value: z.enum(skins) }),
  z.object({ intent: z.literal("menuLayout"), value: z.enum(menuLayouts) }),
  z.object({ intent: z.literal("language"), value: z.enum(languages) }),
]);

const cookies = { skin: skinCookie, menuLayout: menuLayoutCookie, language: languageCookie };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const parsed = PreferenceSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data("Unknown preference", { status: 400 });
  const { intent, value } = parsed.data;
  if (intent === "language" && getUser(context)) {
    // The signed-in user's language is theirs everywhere, so it is saved with the user.
    await api(context).put("/api/me/language", { language: value });
    forgetUser(context);
  }
  return redirect(safeRedirectPath(formData.get("redirectTo"), webEnv().appUrl), {
    headers: { "Set-Cookie": await cookies[intent].serialize(value) },
  });
}

export function loader() {
  return redirect("/");
}
