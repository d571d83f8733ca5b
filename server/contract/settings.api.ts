import { signatureEnabledSchema } from "./identity.ts";
import { apiRoute } from "./route.ts";

/** The workspace's own settings that every signed-in user's pages read. */
export const settingsApi = {
  signatureEnabled: apiRoute({
    method: "GET",
    path: "/documents/signature/enable",
    tags: ["signature"],
    summary: "Whether digital signing is enabled",
    response: { 200: signatureEnabledSchema },
  }),
};
