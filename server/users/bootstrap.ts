import type { FastifyInstance } from "fastify";
import { ADMIN_ROLE_NAME } from "./roles.ts";
import { countUsers, findRoleByName, insertUser } from "./users.repository.ts";
import { type InvitationSettings, sendInvitation } from "./users.service.ts";

/**
 * A production workspace starts without users: ADMIN_EMAIL gets the first company
 * administrator, invited by mail (the link is in the log too when no mail transport is set).
 */
export async function inviteFirstAdmin(
  app: FastifyInstance,
  email: string,
  settings: Omit<InvitationSettings, "mailer" | "log">,
): Promise<void> {
  if ((await countUsers(app.db)) > 0) return;
  const role = await findRoleByName(app.db, ADMIN_ROLE_NAME);
  if (!role) throw new Error("the Company administrator role is missing");
  const { id } = await insertUser(app.db, {
    email,
    first_name: email.split("@")[0],
    last_name: "",
    language: "en",
    role_id: role.id,
    company_admin: true,
    status: "invited",
  });
  await sendInvitation(app.db, id, {
    ...settings,
    mailer: app.mailer,
    log: (link) =>
      app.log.warn(
        { email, link },
        "first administrator invited; no mail transport (SMTP_URL is not set), so open this link to choose a password",
      ),
  });
}
