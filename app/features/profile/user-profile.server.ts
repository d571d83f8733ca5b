import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { fileMessages } from "../../../server/contract/files.ts";
import { profileApi } from "../../../server/contract/profile.api.ts";
import {
  PROFILE_IMAGE_MAX_BYTES,
  type Profile,
  profileInputSchema,
  profileTexts,
} from "../../../server/contract/profile.ts";
import { forgetUser } from "../../middleware/auth.server.ts";
import { ApiError, api } from "../../utils/api.server.ts";
import { fieldErrors, serverMessage } from "../../utils/api-errors.ts";
import { flash } from "../../utils/flash.server.ts";
import { readForm } from "../../utils/form-action.server.ts";
import { forwardUpload } from "../files/upload.server.ts";
import { USER_PROFILE } from "./urls.ts";

/** What the page's action answers when it does not redirect: the names form's result, or the image's error. */
export type UserProfileActionData =
  | { form: "profile"; result: SubmissionResult<string[]> }
  | { form: "image"; error: string };

/** A refused image is the form's error: the page answers 400, as for any form the user has to correct. */
function imageError(message: string) {
  return data<UserProfileActionData>({ form: "image", error: message }, { status: 400 });
}

/**
 * The image form posts multipart (it works without JavaScript): the file goes on to the API as it arrives, and the
 * API checks its type by content and its size. The other forms post their fields: the names and mobile, or the
 * image's removal.
 */
export async function userProfileAction(request: Request, context: Readonly<RouterContextProvider>) {
  const client = api(context);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    let forwarded: Awaited<ReturnType<typeof forwardUpload<Profile>>>;
    try {
      forwarded = await forwardUpload<Profile>(
        request,
        (body, type) => client.upload(profileApi.uploadImage, {}, body, type),
        { maxBytes: PROFILE_IMAGE_MAX_BYTES, fileField: "file" },
      );
    } catch {
      throw data("Bad request", { status: 400 });
    }
    const { outcome } = forwarded;
    if (outcome.kind === "noFile") return imageError(fileMessages.missing);
    if (outcome.kind === "tooLarge") return imageError(profileTexts.imageTooLarge);
    if (outcome.kind === "refused") {
      const error = outcome.error;
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return imageError(serverMessage(error.body) || profileTexts.imageType);
    }
    flash(context, { status: "success", message: "profile.user.imageSaved", duration: 3000 });
    return redirect(USER_PROFILE);
  }

  const formData = await readForm(request);
  if (formData.get("intent") === "removeImage") {
    await client.call(profileApi.removeImage);
    flash(context, { status: "success", message: "profile.user.imageRemoved", duration: 3000 });
    return redirect(USER_PROFILE);
  }
  const submission = parseWithZod(formData, { schema: profileInputSchema });
  if (submission.status !== "success") {
    return data<UserProfileActionData>({ form: "profile", result: submission.reply() }, { status: 400 });
  }
  try {
    await client.call(profileApi.save, { body: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const errors = fieldErrors(error.status, error.body);
    return data<UserProfileActionData>(
      {
        form: "profile",
        result: submission.reply({
          fieldErrors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
        }),
      },
      { status: 400 },
    );
  }
  // The shell shows the user's name.
  forgetUser(context);
  flash(context, { status: "success", message: "profile.user.saved", duration: 3000 });
  return redirect(USER_PROFILE);
}
