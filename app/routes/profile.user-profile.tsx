import { Avatar, Box, Flex, Image, Input, Stack, Text } from "@chakra-ui/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { profileApi } from "../../server/contract/profile.api.ts";
import {
  PROFILE_IMAGE_MAX_BYTES,
  profileImageTypes,
  profileInputSchema,
  profileTexts,
} from "../../server/contract/profile.ts";
import { FileInput } from "../components/file-input.tsx";
import type { FileRule } from "../components/file-rules.ts";
import { FormField, SubmitButton } from "../components/form-field.tsx";
import { Page, PageHeader } from "../components/page-header.tsx";
import { PROFILE_IMAGE } from "../features/profile/urls.ts";
import { type UserProfileActionData, userProfileAction } from "../features/profile/user-profile.server.ts";
import { getInstance } from "../middleware/i18next.server.ts";
import { api } from "../utils/api.server.ts";
import { useMessageText } from "../utils/message-text.ts";
import { useSchemaForm } from "../utils/schema-form.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/profile.user-profile";

/** The image's types and size, refused with the texts the API answers them with (it says kB, not MB). */
const profileImageRule: FileRule = {
  accept: profileImageTypes.join(","),
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  unsupported: profileTexts.imageType,
  tooLarge: profileTexts.imageTooLarge,
};

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await api(context).call(profileApi.profile);
  return { title: getInstance(context).t("profile.user.title"), profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  return userProfileAction(request, context);
}

export default function ProfileUserProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { profile } = loaderData;
  const result = actionData as UserProfileActionData | undefined;
  const [form, fields] = useSchemaForm(profileInputSchema, {
    id: "user-profile",
    lastResult: result?.form === "profile" ? result.result : undefined,
    defaultValue: { firstName: profile.firstName, lastName: profile.lastName, mobile: profile.mobile ?? "" },
  });
  const name = `${profile.firstName} ${profile.lastName}`;
  return (
    <Page>
      <PageHeader title={t("profile.user.title")} />
      <Stack gap="3" maxW="md">
        <Text fontWeight="semibold">{t("profile.user.image")}</Text>
        <Flex gap="4" align="center">
          {/* A plain image: an avatar's image shows only once a script saw it load. */}
          {profile.image ? (
            <Image
              src={`${PROFILE_IMAGE}?v=${profile.image.version}`}
              alt={t("profile.user.imageAlt")}
              boxSize="20"
              rounded="full"
              objectFit="cover"
            />
          ) : (
            <Avatar.Root size="2xl">
              <Avatar.Fallback name={name} />
            </Avatar.Root>
          )}
          {profile.image && (
            <Form method="post">
              <SubmitButton intent="removeImage" variant="outline" colorPalette="red" size="sm">
                {t("profile.user.removeImage")}
              </SubmitButton>
            </Form>
          )}
        </Flex>
        <Form method="post" encType="multipart/form-data">
          <Stack gap="2">
            <label htmlFor="profile-image">{t("profile.user.chooseImage")}</label>
            <FileInput
              id="profile-image"
              name="file"
              rule={profileImageRule}
              required
              aria-describedby="profile-image-hint profile-image-error"
            />
            <Text id="profile-image-hint" fontSize="sm" color="fg.muted">
              {t("profile.user.imageHint")}
            </Text>
            {result?.form === "image" && (
              <Text id="profile-image-error" color="fg.error" role="alert">
                {messageText(result.error)}
              </Text>
            )}
            <Box>
              <SubmitButton size="sm">{t("profile.user.upload")}</SubmitButton>
            </Box>
          </Stack>
        </Form>
      </Stack>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="4" maxW="md">
          <Text color="fg.muted" fontSize="sm">
            {t("profile.user.email", { email: profile.email })}
          </Text>
          <FormField meta={fields.firstName} label={t("profile.user.firstName")}>
            <Input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
          </FormField>
          <FormField meta={fields.lastName} label={t("profile.user.lastName")}>
            <Input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
          </FormField>
          <FormField meta={fields.mobile} label={t("profile.user.mobile")}>
            <Input {...getInputProps(fields.mobile, { type: "tel" })} autoComplete="tel" />
          </FormField>
          <Box>
            <SubmitButton intent="save">{t("profile.save")}</SubmitButton>
          </Box>
        </Stack>
      </Form>
    </Page>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
