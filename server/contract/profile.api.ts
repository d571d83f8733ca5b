import { z } from "zod";
import { changePasswordSchema, profileInputSchema, profileSchema } from "./profile.ts";
import { apiRoute } from "./route.ts";

const tags = ["current user"];

/**
 * The signed-in user's own profile (spec §2 /profile): names and mobile, the profile image, the password. No route
 * here takes a user's id to change: each acts on the user the token belongs to. The image's upload is multipart,
 * which the web app streams on (`upload`); the image answers a file, which it streams back (`stream`).
 */
export const profileApi = {
  profile: apiRoute({
    method: "GET",
    path: "/me/profile",
    tags,
    summary: "The signed-in user's profile",
    response: { 200: profileSchema },
  }),
  save: apiRoute({
    method: "PUT",
    path: "/me/profile",
    tags,
    summary: "Change the signed-in user's names and mobile",
    body: profileInputSchema,
    response: { 200: profileSchema },
  }),
  removeImage: apiRoute({
    method: "DELETE",
    path: "/me/profile_image",
    tags,
    summary: "Remove the signed-in user's profile image",
    response: { 204: z.null() },
  }),
  changePassword: apiRoute({
    method: "PUT",
    path: "/me/password",
    tags,
    summary:
      "Change the signed-in user's password (the current one required); the user's other sign-ins end, this one goes on",
    body: changePasswordSchema,
    response: { 204: z.null() },
  }),
  uploadImage: apiRoute({
    method: "PUT",
    path: "/me/profile_image",
    tags,
    summary:
      "Upload the signed-in user's profile image: multipart/form-data with one file, a PNG, JPEG or WebP image by its content, at most 800 kB",
    consumes: ["multipart/form-data"],
    response: { 200: profileSchema },
  }),
  image: apiRoute({
    method: "GET",
    path: "/me/profile_image",
    tags,
    summary: "The signed-in user's profile image",
    response: {},
  }),
  employeeImage: apiRoute({
    method: "GET",
    path: "/iam/users/employees/:id/image",
    tags: ["users"],
    summary: "A user's profile image (one's own, or anyone's with Read on Users)",
    params: z.object({ id: z.uuid() }),
    response: {},
  }),
};
