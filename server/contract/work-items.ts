import { z } from "zod";
import { maxValueMessage, messages, minValueMessage } from "./messages.ts";
import { recordSchema } from "./records.ts";

/** Inquiries and to-dos: the entities whose items are linked to a contact, and one of its companies (spec §3). */
export const workItemTables = ["inquiry", "todo"] as const;
export type WorkItemTable = (typeof workItemTables)[number];

const named = z.object({ uuid: z.string(), rowName: z.string() });

/** An item's link to a contact, and to one of the contact's companies or none. */
export const workItemLinkSchema = z.object({
  uuid: z.string(),
  company: named.nullable(),
  contact: named,
  createdAt: z.string(),
});
export type WorkItemLink = z.infer<typeof workItemLinkSchema>;

/** What the API takes for a link; its rules (a contact, one of the company's) are checked by the service. */
export const workItemLinkInputSchema = z.object({
  companyId: z.string().max(64).nullish(),
  contactId: z.string().max(64).nullish(),
});

/** A new item with its first link, made in one transaction. */
export const linkedWorkItemInputSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  statusId: z.string().max(64).nullish(),
  link: workItemLinkInputSchema,
});

/**
 * The company and contact chosen in a form: choosing a company asks for one of its contacts as well (spec §5: "An
 * inquiry or to-do selection requires a contact as well"); neither is allowed where the link is optional.
 */
export const workItemLinkFormShape = {
  companyId: z.uuid().optional(),
  contactId: z.uuid().optional(),
};

export function requireContactWithCompany(
  value: { companyId?: string; contactId?: string },
  context: z.RefinementCtx,
  contactRequired: boolean,
): void {
  if (!value.contactId && (value.companyId || contactRequired)) {
    context.addIssue({
      code: "custom",
      path: ["contactId"],
      message: value.companyId ? messages.contactRequired : messages.required,
    });
  }
}

/** Linking an item from its connections tab: a contact is always needed. */
export const workItemLinkFormSchema = z
  .object(workItemLinkFormShape)
  .superRefine((value, context) => requireContactWithCompany(value, context, true));

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * Linking an item from its connections tab: one choice of a contact, alone or with one of its companies
 * ("contactId" or "contactId:companyId"), so a company never comes without its contact.
 */
export const contactChoiceFormSchema = z.object({
  selection: z
    .string({ error: messages.required })
    .regex(new RegExp(`^${UUID}(:${UUID})?$`, "i"), { error: messages.required }),
});

export function readContactChoice(selection: string): { contactId: string; companyId: string | null } {
  const [contactId, companyId] = selection.split(":");
  return { contactId, companyId: companyId ?? null };
}

/** Removing a link of an item. */
export const unlinkContactFormSchema = z.object({ linkId: z.uuid() });

export const workItemPageSchema = z.object({
  content: z.array(recordSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type WorkItemPage = z.infer<typeof workItemPageSchema>;

/** The highest reference number an administrator may start from. */
export const REFERENCE_NUMBER_MAX = 999_999_999_999;

/**
 * Where reference numbers go on: the next item's number. The API refuses one below the next number (none is reused),
 * with "Must be at least {next}"; the settings form checks the rest with the same schema.
 */
export const referenceNumberStartSchema = z.object({
  next: z
    .number({ error: messages.notANumber })
    .int(messages.notANumber)
    .min(1, minValueMessage(1))
    .max(REFERENCE_NUMBER_MAX, maxValueMessage(REFERENCE_NUMBER_MAX)),
});
export type ReferenceNumberStart = z.infer<typeof referenceNumberStartSchema>;

/**
 * Who a new inquiry (or to-do) goes to when its creator leaves the assignee or the group out: a user, a group, both or
 * neither. Forms offer them first, as they offer the default priority.
 */
export const workItemDefaultsSchema = z.object({
  assignedUserId: z.string().max(64).nullable(),
  groupId: z.string().max(64).nullable(),
});
export type WorkItemDefaults = z.infer<typeof workItemDefaultsSchema>;
