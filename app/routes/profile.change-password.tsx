import { Input, Stack, Text } from "@chakra-ui/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { profileApi } from "../../server/contract/profile.api.ts";
import { changePasswordFormSchema } from "../../server/contract/profile.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../server/contract/profile-texts.ts";
import { FormField, SubmitButton } from "../components/form-field.tsx";
import { Page, PageHeader } from "../components/page-header.tsx";
import { CHANGE_PASSWORD } from "../features/profile/urls.ts";
import { getInstance } from "../middleware/i18next.server.ts";
import { ApiError, api } from "../utils/api.server.ts";
import { fieldErrors, serverMessage } from "../utils/api-errors.ts";
import { flash } from "../utils/flash.server.ts";
import { readForm } from "../utils/form-action.server.ts";
import { useMessageText } from "../utils/message-text.ts";
import { useSchemaForm } from "../utils/schema-form.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/profile.change-password";

export function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("profile.password.title") };
}

/**
 * The new password goes to the API with the current one; the API checks the current one, the policy (as for an
 * invitation), and ends the user's other sign-ins. This session goes on, so the user stays signed in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: changePasswordFormSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["currentPassword", "newPassword", "repeatPassword"] }) },
      { status: 400 },
    );
  }
  const { currentPassword, newPassword } = submission.value;
  try {
    await api(context).call(profileApi.changePassword, { body: { currentPassword, newPassword } });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 429)) throw error;
    const errors = fieldErrors(error.status, error.body);
    const reply =
      error.status === 429
        ? submission.reply({
            formErrors: [serverMessage(error.body) || ""],
            hideFields: ["currentPassword", "newPassword", "repeatPassword"],
          })
        : submission.reply({
            fieldErrors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
            hideFields: ["currentPassword", "newPassword", "repeatPassword"],
          });
    return data({ result: reply }, { status: error.status });
  }
  flash(context, { status: "success", message: "profile.password.saved", duration: 4000 });
  return redirect(CHANGE_PASSWORD);
}

export default function ProfileChangePassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [form, fields] = useSchemaForm(changePasswordFormSchema, {
    lastResult: actionData?.result,
  });
  const hintId = `${fields.newPassword.id}-hint`;
  return (
    <Page>
      <PageHeader title={t("profile.password.title")} />
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="4" maxW="md">
          {form.errors?.map((error) => (
            <Text key={error} color="fg.error" role="alert">
              {messageText(error)}
            </Text>
          ))}
          <FormField meta={fields.currentPassword} label={t("profile.password.current")}>
            <Input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
          </FormField>
          <FormField meta={fields.newPassword} label={t("profile.password.new")}>
            <Input
              {...getInputProps(fields.newPassword, { type: "password" })}
              autoComplete="new-password"
              aria-describedby={[hintId, fields.newPassword.errors?.length ? fields.newPassword.errorId : ""]
                .join(" ")
                .trim()}
            />
          </FormField>
          <Stack as="ul" id={hintId} gap="0.5" ps="5" fontSize="sm" color="fg.muted" listStyleType="disc">
            <li>{t("profile.password.ruleLength", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}</li>
            <li>{t("profile.password.ruleGuessable")}</li>
            <li>{t("profile.password.ruleOthers")}</li>
          </Stack>
          <FormField meta={fields.repeatPassword} label={t("profile.password.repeat")}>
            <Input {...getInputProps(fields.repeatPassword, { type: "password" })} autoComplete="new-password" />
          </FormField>
          <div>
            <SubmitButton>{t("profile.password.submit")}</SubmitButton>
          </div>
        </Stack>
      </Form>
    </Page>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
