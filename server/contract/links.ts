import { z } from "zod";
import { messages } from "./fields.ts";

/** A contact's roles at a company (the company–contact relationship's options); the labels are in the web app's texts. */
export const companyContactRoles = [
  "employee",
  "contact_person",
  "owner",
  "chair",
  "board_member",
  "consultant",
] as const;

/** The role of a link, always required (spec §5: "The Company-Contact role field is always required"). */
export const linkRoleShape = { role: z.enum(companyContactRoles, { error: messages.required }) };

/** Linking a record of the other side with a role: the record is chosen, the role is required. */
export const linkFormSchema = z.object({ targetId: z.uuid({ error: messages.required }), ...linkRoleShape });

/** Removing a link: the link's id. */
export const unlinkFormSchema = z.object({ linkId: z.uuid() });

/** Linking a record through a relationship without roles (any relationship but the company–contact one). */
export const connectFormSchema = z.object({
  relationshipId: z.uuid(),
  targetId: z.uuid({ error: messages.required }),
});

/** Removing a link of a relationship without roles. */
export const disconnectFormSchema = z.object({ relationshipId: z.uuid(), linkId: z.uuid() });
