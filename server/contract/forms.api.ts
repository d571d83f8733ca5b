import { z } from "zod";
import { exportSchema } from "./bulk-data.ts";
import {
  builderOptionsSchema,
  formInputSchema,
  formListQuerySchema,
  formPageSchema,
  formSchema,
  formUpdateSchema,
  mergeInputSchema,
  mergeProposalSchema,
  publicFormSchema,
  publicIdParams,
  submissionInputSchema,
  submissionListQuerySchema,
  submissionPageSchema,
  submissionSchema,
  submissionsExportQuerySchema,
} from "./forms.ts";
import { apiRoute } from "./route.ts";

const tags = ["forms"];
const publicTags = ["public forms"];
const idParams = z.object({ id: z.string().max(64) });
const submissionParams = z.object({ id: z.string().max(64), submissionId: z.string().max(64) });

/**
 * Web forms (spec §2 /forms, §3, §4): staff build them (resource Form: Create, Read, Update, Delete; a form's
 * visibility decides who sees it) and read their submissions; anyone answers an open one by its public id, which needs
 * no token unless the form is for signed-in users.
 */
export const formsApi = {
  list: apiRoute({
    method: "GET",
    path: "/forms",
    tags,
    summary:
      "The forms the user sees, newest change first, each with its submission count; q (3 characters or more) searches titles, status open or closed, accepting true or false (Form Read)",
    querystring: formListQuerySchema,
    response: { 200: formPageSchema },
  }),
  create: apiRoute({
    method: "POST",
    path: "/forms",
    tags,
    summary: "Create a form, closed until opened, with at least one question block (Form Create)",
    body: formInputSchema,
    response: { 201: formSchema },
  }),
  builderOptions: apiRoute({
    method: "GET",
    path: "/forms/builder-options",
    tags,
    summary:
      "What a form's questions may be mapped to (the contacts' and companies' fields people type or choose, custom fields included) and the groups a form may be shown to (Form Create or Update)",
    response: { 200: builderOptionsSchema },
  }),
  get: apiRoute({
    method: "GET",
    path: "/forms/:id",
    tags,
    summary: "One form with its blocks, as the builder shows it (Form Read)",
    params: idParams,
    response: { 200: formSchema },
  }),
  update: apiRoute({
    method: "PUT",
    path: "/forms/:id",
    tags,
    summary:
      "Replace a form with its blocks; the version read must still be the form's, or the change is refused as outdated (Form Update)",
    params: idParams,
    body: formUpdateSchema,
    response: { 200: formSchema },
  }),
  delete: apiRoute({
    method: "DELETE",
    path: "/forms/:id",
    tags,
    summary: "Delete a form; one with a response cannot be deleted (Form Delete)",
    params: idParams,
    response: { 204: z.null() },
  }),
  unlink: apiRoute({
    method: "POST",
    path: "/forms/:id/unlink",
    tags,
    summary:
      "Unlink the form's fields (spec §4): clears mergeWith on its question blocks and drops the other blocks (Form Update)",
    params: idParams,
    response: { 200: formSchema },
  }),
  uploadBanner: apiRoute({
    method: "PUT",
    path: "/forms/:id/banner",
    tags,
    summary:
      "Upload the form's banner: multipart/form-data with one file, a PNG, JPEG, WebP or GIF image by its content, at most 10 MB (Form Update)",
    params: idParams,
    consumes: ["multipart/form-data"],
    response: { 200: formSchema },
  }),
  removeBanner: apiRoute({
    method: "DELETE",
    path: "/forms/:id/banner",
    tags,
    summary: "Remove the form's banner (Form Update)",
    params: idParams,
    response: { 200: formSchema },
  }),
  submissions: apiRoute({
    method: "GET",
    path: "/forms/:id/submissions",
    tags,
    summary: "The form's submissions, newest first; q (3 characters or more) searches the answers (Form Read)",
    params: idParams,
    querystring: submissionListQuerySchema,
    response: { 200: submissionPageSchema },
  }),
  submission: apiRoute({
    method: "GET",
    path: "/forms/:id/submissions/:submissionId",
    tags,
    summary: "One submission of the form (Form Read)",
    params: submissionParams,
    response: { 200: submissionSchema },
  }),
  exportSubmissions: apiRoute({
    method: "PUT",
    path: "/forms/:id/submissions/initiate_export",
    tags,
    summary:
      "Export the form's submissions to .xlsx or .csv: one column per question (its label), when each was submitted and its merge state; lang=en|nb for the headers (else the user's language). A job writes the file, listed with the other exports; 202 with the export (Form Read, Export Create)",
    params: idParams,
    querystring: submissionsExportQuerySchema,
    response: { 202: exportSchema },
  }),
  mergeProposal: apiRoute({
    method: "GET",
    path: "/forms/:id/submissions/:submissionId/merge",
    tags,
    summary:
      "What merging a submission would do: per entity the form's questions go to (contact, company), the existing record it matches (a contact by e-mail, a company by organisation number, else by name; only records the user may read), and each mapped field's submitted and existing value (Form Read)",
    params: submissionParams,
    response: { 200: mergeProposalSchema },
  }),
  merge: apiRoute({
    method: "POST",
    path: "/forms/:id/submissions/:submissionId/merge",
    tags,
    summary:
      "Merge a submission into a contact and a company, in one transaction: per entity create a record, update one (its empty fields filled, the differing fields named in `fields` taken) or skip; a contact and a company both merged are linked. The records' history says the change came from the form (Form Update, and Create or Update on Contact and Company)",
    params: submissionParams,
    body: mergeInputSchema,
    response: { 200: submissionSchema },
  }),
  dismiss: apiRoute({
    method: "POST",
    path: "/forms/:id/submissions/:submissionId/dismiss",
    tags,
    summary: "Dismiss a submission that is not to be merged (Form Update)",
    params: submissionParams,
    response: { 200: submissionSchema },
  }),
  publicForm: apiRoute({
    method: "GET",
    path: "/public/forms/:publicId",
    tags: publicTags,
    auth: "optional",
    summary:
      "A form as its public page shows it, with a fresh submission token; a closed one or one not accepting responses says so. A form for signed-in users needs a Bearer token",
    params: publicIdParams,
    response: { 200: publicFormSchema },
  }),
  publicBanner: apiRoute({
    method: "GET",
    path: "/public/forms/:publicId/banner",
    tags: publicTags,
    auth: "optional",
    summary: "A form's banner image",
    params: publicIdParams,
    response: {},
  }),
  submit: apiRoute({
    method: "POST",
    path: "/public/forms/:publicId/submissions",
    tags: publicTags,
    auth: "optional",
    summary:
      "Answer a form: the answers by block id, the token the form came with, and the honeypot (empty). Refused (and counted, never stored) when the token is missing, forged, another form's, too quick, too old or used, the address or the form is over its limit, or an answer is wrong",
    params: publicIdParams,
    body: submissionInputSchema,
    response: { 201: z.object({ uuid: z.string() }) },
  }),
};
