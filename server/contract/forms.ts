import { z } from "zod";
import { fieldTypes, URL_MAX } from "./fields.ts";
import { formTexts } from "./form-texts.ts";
import { maxLengthMessage, messages } from "./messages.ts";
import { requiredNameSchema } from "./names.ts";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./records.ts";

export {
  FORM_BANNER_MAX_BYTES,
  FORM_BANNER_MAX_MB,
  formBannerTypes,
  formEnglish,
  formTexts,
  SUBMISSION_MAX_HOURS,
  SUBMISSION_MIN_SECONDS,
} from "./form-texts.ts";

/**
 * Web forms (spec §2 /forms, §3 "Web form", §4, §5, §6): a form is built of ordered blocks, QUESTION blocks that ask
 * (each mapped to a contact's or company's field, whose type and options it takes, or with a type of its own) and TITLE
 * blocks that head a part. Anyone with its public id answers an open form (or only signed-in users, `login`); its
 * visibility decides which staff see it in the list.
 */
export const formAccessibilities = ["open", "login"] as const;
export const formVisibilities = ["everyone", "admin", "groups"] as const;
export const mergeEntities = ["contact", "company"] as const;
export type MergeEntity = (typeof mergeEntities)[number];
/** The types a question of its own may have: a Query field computes, it is never asked. */
export const questionTypes = fieldTypes.filter((type) => type !== "Query") as Exclude<
  (typeof fieldTypes)[number],
  "Query"
>[];
export const FORM_BLOCKS_MAX = 100;
export const FORM_SITES_MAX = 20;
export const QUESTION_OPTIONS_MAX = 100;
export const LONG_TEXT_MAX_FORM = 5000;

const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max));
const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, formTexts.invalidColour);

/** An origin allowed to frame the form (CSP frame-ancestors): a scheme, host and port, nothing after. */
export function isSiteOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
  } catch {
    return false;
  }
}

const mergeWithSchema = z.object({
  entity: z.enum(mergeEntities, { error: messages.notAnOption }),
  field: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, messages.notAnOption),
});

const blockId = z.uuid(messages.notAnOption).optional();

export const questionBlockInputSchema = z.object({
  /** Left out for a new block; kept for one that was there, so that its answers stay its own. */
  id: blockId,
  type: z.literal("QUESTION"),
  label: requiredNameSchema,
  helpText: text(1000).default(""),
  required: z.boolean().default(false),
  /** The contact's or company's field the answer goes to; its type and options are the question's. */
  mergeWith: mergeWithSchema.nullable().default(null),
  /** An unmapped question's own type. */
  fieldType: z.enum(questionTypes, { error: messages.notAnOption }).default("Text"),
  /** An unmapped List's or MultiSelect's options. */
  options: z.array(requiredNameSchema).max(QUESTION_OPTIONS_MAX).default([]),
});

export const titleBlockInputSchema = z.object({
  id: blockId,
  type: z.literal("TITLE"),
  heading: text(255).default(""),
  paragraph: text(LONG_TEXT_MAX_FORM).default(""),
});

export const formBlockInputSchema = z.discriminatedUnion("type", [questionBlockInputSchema, titleBlockInputSchema], {
  error: messages.notAnOption,
});
export type FormBlockInput = z.output<typeof formBlockInputSchema>;

/** `POST /api/forms` and `PUT /api/forms/{id}` (whole, with `version`): every field but the banner. */
export const formInputSchema = z
  .object({
    title: requiredNameSchema,
    description: text(LONG_TEXT_MAX_FORM).default(""),
    submitLabelText: text(255).default("Submit"),
    submitLabelColorCode: colour.default("#ffffff"),
    submitButtonColorCode: colour.default("#239859"),
    thankYouPageTitle: text(255).default(""),
    thankYouPageParagraph: text(LONG_TEXT_MAX_FORM).default(""),
    open: z.boolean().default(false),
    acceptingResponse: z.boolean().default(true),
    accessibility: z.enum(formAccessibilities, { error: messages.notAnOption }).default("open"),
    visibility: z.enum(formVisibilities, { error: messages.notAnOption }).default("everyone"),
    groupIds: z.array(z.uuid(messages.notAnOption)).max(100).default([]),
    allowedSites: z
      .array(z.string().trim().max(URL_MAX, messages.max1000).refine(isSiteOrigin, formTexts.site))
      .max(FORM_SITES_MAX)
      .default([]),
    autoMerge: z.boolean().default(false),
    blocks: z.array(formBlockInputSchema).max(FORM_BLOCKS_MAX),
  })
  .superRefine((input, ctx) => {
    if (!input.blocks.some((block) => block.type === "QUESTION")) {
      ctx.addIssue({ code: "custom", message: formTexts.needsQuestion, path: ["blocks"] });
    }
    if (input.visibility === "groups" && input.groupIds.length === 0) {
      ctx.addIssue({ code: "custom", message: messages.required, path: ["groupIds"] });
    }
    const ids = input.blocks.flatMap((block) => (block.id ? [block.id] : []));
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: "custom", message: formTexts.blockListedOnce, path: ["blocks"] });
    }
  });
export type FormInput = z.output<typeof formInputSchema>;

export const formUpdateSchema = formInputSchema.and(z.object({ version: z.number().int().min(1) }));
export type FormUpdate = z.output<typeof formUpdateSchema>;

const optionSchema = z.object({ value: z.string(), labelEn: z.string(), labelNb: z.string() });

/** A question as it is asked: the input's type (the mapped field's) and the options a List or MultiSelect offers. */
export const questionBlockSchema = z.object({
  id: z.string(),
  type: z.literal("QUESTION"),
  label: z.string(),
  helpText: z.string(),
  required: z.boolean(),
  mergeWith: mergeWithSchema.nullable(),
  fieldType: z.enum(questionTypes),
  /** The type of the input the page shows: the mapped field's, or the question's own. */
  inputType: z.enum(fieldTypes),
  options: z.array(optionSchema),
  /** The longest text the answer may be, where its type has a limit. */
  maxLength: z.number().int().nullable(),
});
export const titleBlockSchema = z.object({
  id: z.string(),
  type: z.literal("TITLE"),
  heading: z.string(),
  paragraph: z.string(),
});
export const formBlockSchema = z.discriminatedUnion("type", [questionBlockSchema, titleBlockSchema]);
export type FormBlock = z.infer<typeof formBlockSchema>;

const userRef = z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string() }).nullable();

/** The look of a form and its thank-you page: what the builder and the public page share. */
const formLookShape = {
  title: z.string(),
  description: z.string(),
  /** The banner's address under the API (`/api/public/forms/{publicId}/banner?v=…`), or null without one. */
  bannerUrl: z.string().nullable(),
  submitLabelText: z.string(),
  submitLabelColorCode: z.string(),
  submitButtonColorCode: z.string(),
  thankYouPageTitle: z.string(),
  thankYouPageParagraph: z.string(),
  accessibility: z.enum(formAccessibilities),
  /** Origins that may show the form in a frame (the page's CSP frame-ancestors). */
  allowedSites: z.array(z.string()),
  blocks: z.array(formBlockSchema),
};

/** One form as staff see it (`GET /api/forms/{id}`). */
export const formSchema = z.object({
  uuid: z.string(),
  publicId: z.string(),
  ...formLookShape,
  open: z.boolean(),
  acceptingResponse: z.boolean(),
  visibility: z.enum(formVisibilities),
  groups: z.array(z.object({ uuid: z.string(), name: z.string() })),
  autoMerge: z.boolean(),
  owner: userRef,
  submissionCount: z.number().int(),
  /** Refused submissions (never stored) by reason: honeypot, token, tooFast, tooOld, replayed, rateLimit, invalid… */
  refusals: z.record(z.string(), z.number().int()),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormDto = z.infer<typeof formSchema>;

/** A field a question may be mapped to: its key, labels, type and, for a List or MultiSelect, its options. */
export const mergeableFieldSchema = z.object({
  key: z.string(),
  labelEn: z.string(),
  labelNb: z.string(),
  type: z.enum(fieldTypes),
  required: z.boolean(),
  options: z.array(optionSchema),
});
export type MergeableField = z.infer<typeof mergeableFieldSchema>;

/** What the builder offers (`GET /api/forms/builder-options`): the fields per entity, and the groups a form may be for. */
export const builderOptionsSchema = z.object({
  fields: z.object({ contact: z.array(mergeableFieldSchema), company: z.array(mergeableFieldSchema) }),
  groups: z.array(z.object({ uuid: z.string(), name: z.string() })),
});
export type BuilderOptions = z.infer<typeof builderOptionsSchema>;

/** A row of the list of forms. */
export const formRowSchema = z.object({
  uuid: z.string(),
  publicId: z.string(),
  title: z.string(),
  open: z.boolean(),
  acceptingResponse: z.boolean(),
  accessibility: z.enum(formAccessibilities),
  visibility: z.enum(formVisibilities),
  owner: userRef,
  submissionCount: z.number().int(),
  updatedAt: z.string(),
});
export type FormRow = z.infer<typeof formRowSchema>;

export const formPageSchema = z.object({
  content: z.array(formRowSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type FormPage = z.infer<typeof formPageSchema>;

/** `GET /api/forms`: page from 0; a search of fewer than 3 characters is no search; open/closed and accepting. */
export const formListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  q: z.string().trim().max(255).optional(),
  status: z.enum(["open", "closed"]).optional(),
  accepting: z.enum(["true", "false"]).optional(),
});

export const mergeStates = ["pending", "merged", "dismissed"] as const;

export const submissionSchema = z.object({
  uuid: z.string(),
  formUuid: z.string(),
  /** By block id: text, a number, true or false, or a list's chosen values. */
  answers: z.record(z.string(), z.unknown()),
  submittedAt: z.string(),
  mergeState: z.enum(mergeStates),
  contactUuid: z.string().nullable(),
  companyUuid: z.string().nullable(),
  mergedBy: userRef,
  mergedAt: z.string().nullable(),
});
export type SubmissionDto = z.infer<typeof submissionSchema>;

export const submissionPageSchema = z.object({
  content: z.array(submissionSchema),
  totalElements: z.number().int(),
  /** False when a search found more than it counted: then there are more than totalElements (decision 008). */
  totalExact: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
});
export type SubmissionPage = z.infer<typeof submissionPageSchema>;

export const submissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  q: z.string().trim().max(255).optional(),
});

/** What a merge does with a submission for one entity: a new record, the matched (or a chosen) one, or nothing. */
export const mergeActions = ["create", "update", "skip"] as const;
export type MergeAction = (typeof mergeActions)[number];

/** One mapped field of a merge proposal: what was answered, what the record has, and whether they differ. */
export const mergeFieldSchema = z.object({
  /** The contact's or company's field. */
  key: z.string(),
  /** The question that asked it (its label is what the review shows). */
  blockId: z.string(),
  label: z.string(),
  submitted: z.unknown(),
  /** The matched record's value; null without a match. */
  existing: z.unknown(),
  /** Whether the record has a value that the submission would change: only these are chosen field by field. */
  differs: z.boolean(),
});

export const mergeEntityProposalSchema = z.object({
  entity: z.enum(mergeEntities),
  /** The existing record the submission matches (a contact by e-mail; a company by organisation number, else name). */
  match: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  fields: z.array(mergeFieldSchema),
});
export type MergeEntityProposal = z.infer<typeof mergeEntityProposalSchema>;

/** `GET /api/forms/{id}/submissions/{submissionId}/merge`: per entity the form's questions go to, what a merge would do. */
export const mergeProposalSchema = z.object({
  submission: submissionSchema,
  entities: z.array(mergeEntityProposalSchema),
});
export type MergeProposal = z.infer<typeof mergeProposalSchema>;

const entityMergeSchema = z
  .object({
    action: z.enum(mergeActions, { error: messages.notAnOption }),
    /** The record to update. */
    uuid: z.uuid(messages.notAnOption).optional(),
    /** The differing fields to take from the submission; the record's empty fields are filled whatever this says. */
    fields: z.array(z.string().max(64)).max(200).default([]),
  })
  .superRefine((input, ctx) => {
    if (input.action === "update" && !input.uuid) {
      ctx.addIssue({ code: "custom", message: messages.required, path: ["uuid"] });
    }
  });

/** `POST /api/forms/{id}/submissions/{submissionId}/merge`: per entity the form asks of, what to do. */
export const mergeInputSchema = z.object({
  contact: entityMergeSchema.optional(),
  company: entityMergeSchema.optional(),
});
export type MergeInput = z.output<typeof mergeInputSchema>;

/** `PUT /api/forms/{id}/submissions/initiate_export`: the file's format and its headers' language. */
export const submissionsExportQuerySchema = z.object({
  format: z.enum(["xlsx", "csv"]).default("xlsx"),
  lang: z.enum(["en", "nb"]).optional(),
});

/** Whether the public page shows the form, or says why not. */
export const publicFormStates = ["open", "closed", "notAccepting"] as const;

/** `GET /api/public/forms/{publicId}`: the form to show, and a token to send it back with. */
export const publicFormSchema = z.object({
  publicId: z.string(),
  state: z.enum(publicFormStates),
  ...formLookShape,
  /** Signed for this form and this moment; a submission takes it once, from 3 seconds to 24 hours later. */
  token: z.string().nullable(),
});
export type PublicFormDto = z.infer<typeof publicFormSchema>;

/** `POST /api/public/forms/{publicId}/submissions`. `honeypot` is a field people never see: it must stay empty. */
export const submissionInputSchema = z.object({
  answers: z.record(z.string().max(64), z.unknown()),
  token: z.string().max(512).default(""),
  honeypot: z.string().max(1000).default(""),
});
export type SubmissionInput = z.output<typeof submissionInputSchema>;

export const publicIdParams = z.object({ publicId: z.string().max(64) });
