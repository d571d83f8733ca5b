import { chakra, Fieldset, Stack, Text } from "@chakra-ui/react";
import { getCollectionProps, getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { usersApi } from "../../server/contract/users.api.ts";
import { SubmitButton } from "../components/form-field.tsx";
import { Page, PageHeader } from "../components/page-header.tsx";
import { LANGUAGE } from "../features/profile/urls.ts";
import { forgetUser, requireUser } from "../middleware/auth.server.ts";
import { getInstance } from "../middleware/i18next.server.ts";
import { api } from "../utils/api.server.ts";
import { flash } from "../utils/flash.server.ts";
import { readForm } from "../utils/form-action.server.ts";
import { languages } from "../utils/i18n.ts";
import { languageCookie } from "../utils/preferences.server.ts";
import { useSchemaForm } from "../utils/schema-form.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/profile.language";

const schema = z.object({ language: z.enum(languages, { error: "Required" }) });

const Choice = chakra("label", {
  base: {
    display: "flex",
    alignItems: "center",
    gap: "3",
    px: "3",
    py: "2",
    borderWidth: "1px",
    borderColor: "border",
    rounded: "l2",
    cursor: "pointer",
    "& input": { accentColor: "teal.solid" },
    _hover: { bg: "bg.subtle" },
    "&:has(input:checked)": { borderColor: "teal.solid", bg: "teal.subtle" },
  },
});

/** What each language calls itself: the choice reads the same whatever the page's language is. */
const names: Record<(typeof languages)[number], string> = { en: "English", nb: "Norsk" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const i18n = getInstance(context);
  return { title: i18n.t("profile.language.title"), chosen: user.language ?? i18n.language };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { language } = submission.value;
  await api(context).call(usersApi.changeLanguage, { body: { language } });
  forgetUser(context);
  // The next page speaks the new language at once: the user's choice, and the cookie for pages before sign-in.
  flash(context, { status: "success", message: "profile.language.saved", duration: 3000 });
  return redirect(LANGUAGE, { headers: { "Set-Cookie": await languageCookie.serialize(language) } });
}

export default function ProfileLanguage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(schema, {
    shouldValidate: "onSubmit",
    lastResult: actionData?.result,
    defaultValue: { language: loaderData.chosen },
  });
  return (
    <Page>
      <PageHeader title={t("profile.language.title")} />
      {/* A whole new page: the browser's texts are loaded for one language only. */}
      <Form method="post" reloadDocument {...getFormProps(form)}>
        <Stack gap="4" maxW="md">
          <Fieldset.Root>
            <Fieldset.Legend>{t("profile.language.legend")}</Fieldset.Legend>
            <Text color="fg.muted" fontSize="sm">
              {t("profile.language.intro")}
            </Text>
            <Fieldset.Content>
              {getCollectionProps(fields.language, { type: "radio", options: [...languages] }).map(
                ({ key, ...props }) => (
                  <Choice key={key}>
                    <input {...props} />
                    <span lang={props.value}>{names[props.value as (typeof languages)[number]]}</span>
                  </Choice>
                ),
              )}
            </Fieldset.Content>
          </Fieldset.Root>
          <div>
            <SubmitButton>{t("profile.save")}</SubmitButton>
          </div>
        </Stack>
      </Form>
    </Page>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
