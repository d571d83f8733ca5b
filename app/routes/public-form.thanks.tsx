import { data } from "react-router";
import { PublicFormFrame, PublicFormHeading } from "../features/web-forms/public-form-view.tsx";
import { readPublicForm } from "../features/web-forms/public-forms.server.ts";
import { getLocale } from "../middleware/i18next.server.ts";
import type { RouteHandle } from "../utils/layout.ts";
import { frameAncestorsContext } from "../utils/security-headers.server.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/public-form.thanks";

export const handle: RouteHandle = { layout: "full" };

/** The form's thank-you page, after a taken submission; framed where the form may be. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const form = await readPublicForm(request, context, params.publicId);
  context.set(frameAncestorsContext, form.allowedSites);
  return data({
    form: {
      publicId: form.publicId,
      bannerUrl: form.bannerUrl,
      title: form.thankYouPageTitle,
      description: form.thankYouPageParagraph,
      formTitle: form.title,
    },
    language: getLocale(context),
  });
}

export default function PublicFormThanks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { form, language } = loaderData;
  const title = form.title || t("forms.public.thanksTitle");
  const description = form.title || form.description ? form.description : t("forms.public.thanksText");
  return (
    <PublicFormFrame form={form} language={language}>
      <PublicFormHeading form={{ title, description }} />
    </PublicFormFrame>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.form.formTitle ?? "Workspace" }];
}
