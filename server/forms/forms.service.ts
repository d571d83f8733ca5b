import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type Actor, can, requirePermission } from "../auth/permissions.ts";
import type { FieldError } from "../contract/errors.ts";
import {
  type FieldDefinition,
  type FieldType,
  isWritable,
  LONG_TEXT_MAX,
  TEXT_MAX,
  URL_MAX,
  valuesValidator,
} from "../contract/fields.ts";
import {
  type BuilderOptions,
  FORM_BANNER_MAX_BYTES,
  type FormBlock,
  type FormBlockInput,
  type FormDto,
  type FormInput,
  type FormPage,
  type FormUpdate,
  formBannerTypes,
  formTexts,
  type MergeEntity,
  type PublicFormDto,
  type SubmissionDto,
  type SubmissionInput,
  type SubmissionPage,
} from "../contract/forms.ts";
import { messages } from "../contract/messages.ts";
import { SEARCH_MIN_LENGTH } from "../contract/records.ts";
import { standaloneField } from "../contract/standalone-field.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { checkImageType } from "../files/file-types.ts";
import type { UploadReader } from "../files/uploads.ts";
import { DomainError } from "../http/errors.ts";
import { notifyFormSubmission } from "../notifications/notifications.service.ts";
import { cachedEntity } from "../records/metadata.repository.ts";
import * as repo from "./forms.repository.ts";
import { checkToken, signToken } from "./submission-tokens.ts";

const FORM = "Form";

/** A question block as the form keeps it. */
export interface StoredQuestion {
  id: string;
  type: "QUESTION";
  label: string;
  helpText: string;
  required: boolean;
  mergeWith: { entity: MergeEntity; field: string } | null;
  fieldType: Exclude<FieldType, "Query">;
  options: string[];
}
interface StoredTitle {
  id: string;
  type: "TITLE";
  heading: string;
  paragraph: string;
}
export type StoredBlock = StoredQuestion | StoredTitle;

function notFound(): DomainError {
  return new DomainError(404, "NotFoundException", formTexts.notFound);
}

function invalid(errors: FieldError[]): DomainError {
  return new DomainError(400, "MethodArgumentNotValidException", "Validation failed", errors);
}

/** The signing secret never changes once made: read once per database. */
const secrets = new WeakMap<Kysely<Database>, Promise<string>>();
function tokenSecret(db: Kysely<Database>): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = repo.tokenSecret(db);
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

/** A refused submission: never stored, counted per form by `reason` (forms.routes.ts). */
export class FormRefusal extends DomainError {
  readonly reason: string;
  constructor(status: number, exceptionName: string, message: string, reason: string, errors?: FieldError[]) {
    super(status, exceptionName, message, errors);
    this.reason = reason;
  }
}

/**
 * The fields of a contact or company a question may be mapped to: writable ones people type or choose. A List of the
 * workspace's rows (users, groups, statuses) is not asked of the public.
 */
async function mergeableFields(db: Kysely<Database>, entity: MergeEntity): Promise<FieldDefinition[]> {
  const metadata = await cachedEntity(db, "crm", entity);
  return (metadata?.fields ?? []).filter(
    (field) => isWritable(field) && !field.settings.hidden && !field.settings.optionsFrom,
  );
}

type FieldsByEntity = Record<MergeEntity, Map<string, FieldDefinition>>;

async function fieldsByEntity(db: Kysely<Database>): Promise<FieldsByEntity> {
  const [contact, company] = await Promise.all([mergeableFields(db, "contact"), mergeableFields(db, "company")]);
  return {
    contact: new Map(contact.map((field) => [field.key, field])),
    company: new Map(company.map((field) => [field.key, field])),
  };
}

/** The field a question's answer is checked as: the mapped field's rules (required as the question says), or its own. */
function questionField(block: StoredQuestion, fields: FieldsByEntity): FieldDefinition {
  const mapped = block.mergeWith ? fields[block.mergeWith.entity].get(block.mergeWith.field) : undefined;
  const base =
    mapped ??
    standaloneField({
      key: block.id,
      labelEn: block.label,
      labelNb: block.label,
      type: block.fieldType,
      settings: {
        options: block.options.map((option) => ({ value: option, labelEn: option, labelNb: option })),
      },
    });
  const settings = { ...base.settings, defaultValue: undefined, hidden: false };
  return { ...base, key: block.id, customField: false, required: block.required, settings };
}

function maxLengthOf(field: FieldDefinition): number | null {
  switch (field.type) {
    case "Text":
    case "Phone":
      return field.settings.maxLength ?? TEXT_MAX;
    case "Email":
      return TEXT_MAX;
    case "Url":
      return URL_MAX;
    case "LongText":
      return field.settings.maxLength ?? LONG_TEXT_MAX;
    default:
      return null;
  }
}

export function storedBlocks(value: unknown): StoredBlock[] {
  return Array.isArray(value) ? (value as StoredBlock[]) : [];
}

function describeBlocks(blocks: StoredBlock[], fields: FieldsByEntity): FormBlock[] {
  return blocks.map((block) => {
    if (block.type === "TITLE") return block;
    const field = questionField(block, fields);
    return {
      ...block,
      inputType: field.type,
      options: (field.settings.options ?? []).map(({ value, labelEn, labelNb }) => ({ value, labelEn, labelNb })),
      maxLength: maxLengthOf(field),
    };
  });
}

function userRef(id: string | null, firstName: string | null, lastName: string | null) {
  return id ? { uuid: id, firstName: firstName ?? "", lastName: lastName ?? "" } : null;
}

function bannerUrl(row: repo.FormRecord): string | null {
  return row.banner_key ? `/api/public/forms/${row.public_id}/banner?v=${row.banner_key.slice(0, 16)}` : null;
}

function look(row: repo.FormRecord, fields: FieldsByEntity) {
  return {
    title: row.title,
    description: row.description,
    bannerUrl: bannerUrl(row),
    submitLabelText: row.submit_label_text,
    submitLabelColorCode: row.submit_label_color_code,
    submitButtonColorCode: row.submit_button_color_code,
    thankYouPageTitle: row.thank_you_page_title,
    thankYouPageParagraph: row.thank_you_page_paragraph,
    accessibility: row.accessibility,
    allowedSites: row.allowed_sites,
    blocks: describeBlocks(storedBlocks(row.blocks), fields),
  };
}

async function toDto(db: Kysely<Database>, row: repo.FormRecord): Promise<FormDto> {
  const [fields, groups, refusals] = await Promise.all([
    fieldsByEntity(db),
    repo.groupsByIds(db, row.group_ids),
    repo.refusalsOf(db, row.id),
  ]);
  return {
    uuid: row.id,
    publicId: row.public_id,
    ...look(row, fields),
    open: row.open,
    acceptingResponse: row.accepting_response,
    visibility: row.visibility,
    groups: groups.map((group) => ({ uuid: group.id, name: group.name })),
    autoMerge: row.auto_merge,
    owner: userRef(row.owner_id, row.owner_first_name, row.owner_last_name),
    submissionCount: Number(row.submission_count),
    refusals,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function visibleForm(db: Kysely<Database>, actor: Actor, id: string): Promise<repo.FormRecord> {
  const row = isUuid(id) ? await repo.findVisibleForm(db, actor, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function listForms(
  db: Kysely<Database>,
  actor: Actor,
  query: { page: number; size: number; q?: string; status?: "open" | "closed"; accepting?: "true" | "false" },
): Promise<FormPage> {
  requirePermission(actor, "Read", FORM);
  const q = query.q && query.q.length >= SEARCH_MIN_LENGTH ? query.q : undefined;
  const { rows, total } = await repo.listForms(db, actor, {
    q,
    open: query.status === undefined ? undefined : query.status === "open",
    accepting: query.accepting === undefined ? undefined : query.accepting === "true",
    offset: query.page * query.size,
    limit: query.size,
  });
  return {
    content: rows.map((row) => ({
      uuid: row.id,
      publicId: row.public_id,
      title: row.title,
      open: row.open,
      acceptingResponse: row.accepting_response,
      accessibility: row.accessibility,
      visibility: row.visibility,
      owner: userRef(row.owner_id, row.owner_first_name, row.owner_last_name),
      submissionCount: Number(row.submission_count),
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    totalElements: total,
    page: query.page,
    size: query.size,
  };
}

/** The builder's choices: what a question may be mapped to, and the groups a form may be shown to. */
export async function builderOptions(db: Kysely<Database>, actor: Actor): Promise<BuilderOptions> {
  if (!can(actor, "Create", FORM)) requirePermission(actor, "Update", FORM);
  const [contact, company, groups] = await Promise.all([
    mergeableFields(db, "contact"),
    mergeableFields(db, "company"),
    repo.allGroups(db),
  ]);
  const described = (field: FieldDefinition) => ({
    key: field.key,
    labelEn: field.labelEn,
    labelNb: field.labelNb,
    type: field.type,
    required: field.required,
    options: (field.settings.options ?? []).map(({ value, labelEn, labelNb }) => ({ value, labelEn, labelNb })),
  });
  return {
    fields: { contact: contact.map(described), company: company.map(described) },
    groups: groups.map((group) => ({ uuid: group.id, name: group.name })),
  };
}

export async function getForm(db: Kysely<Database>, actor: Actor, id: string): Promise<FormDto> {
  requirePermission(actor, "Read", FORM);
  return toDto(db, await visibleForm(db, actor, id));
}

/**
 * The form's values checked against the workspace: a mapped question names a field of the contact or company that
 * may be asked, an unmapped List or MultiSelect has options, and the groups exist. A block keeps its id (its answers
 * stay its own); a new one gets one.
 */
async function formValues(db: Kysely<Database>, input: FormInput): Promise<repo.FormValues> {
  const fields = await fieldsByEntity(db);
  const errors: FieldError[] = [];
  const blocks: StoredBlock[] = input.blocks.map((block: FormBlockInput, index) => {
    const id = block.id ?? crypto.randomUUID();
    if (block.type === "TITLE") return { id, type: "TITLE", heading: block.heading, paragraph: block.paragraph };
    if (block.mergeWith && !fields[block.mergeWith.entity].has(block.mergeWith.field)) {
      errors.push({
        field: `blocks.${index}.mergeWith.field`,
        defaultMessage: messages.notAnOption,
        objectName: "form",
      });
    }
    const choosing = block.fieldType === "List" || block.fieldType === "MultiSelect";
    if (!block.mergeWith && choosing && block.options.length === 0) {
      errors.push({ field: `blocks.${index}.options`, defaultMessage: messages.required, objectName: "form" });
    }
    return {
      id,
      type: "QUESTION",
      label: block.label,
      helpText: block.helpText,
      required: block.required,
      mergeWith: block.mergeWith,
      fieldType: block.fieldType,
      options: block.mergeWith ? [] : [...new Set(block.options)],
    };
  });
  const groupIds = input.visibility === "groups" ? [...new Set(input.groupIds)] : [];
  const groups = await repo.groupsByIds(db, groupIds);
  if (groups.length !== groupIds.length) {
    errors.push({ field: "groupIds", defaultMessage: messages.notAnOption, objectName: "form" });
  }
  if (errors.length > 0) throw invalid(errors);
  return {
    title: input.title,
    description: input.description,
    submit_label_text: input.submitLabelText,
    submit_label_color_code: input.submitLabelColorCode,
    submit_button_color_code: input.submitButtonColorCode,
    thank_you_page_title: input.thankYouPageTitle,
    thank_you_page_paragraph: input.thankYouPageParagraph,
    open: input.open,
    accepting_response: input.acceptingResponse,
    accessibility: input.accessibility,
    visibility: input.visibility,
    group_ids: groupIds,
    allowed_sites: [...new Set(input.allowedSites)],
    auto_merge: input.autoMerge,
    blocks: JSON.stringify(blocks),
  };
}

/** A public id: 128 random bits, URL-safe; nothing about the form can be guessed from it. */
function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

export async function createForm(db: Kysely<Database>, actor: Actor, input: FormInput): Promise<FormDto> {
  requirePermission(actor, "Create", FORM);
  const values = await formValues(db, input);
  const id = await repo.insertForm(db, { ...values, public_id: newPublicId(), owner_id: actor.id });
  return getForm(db, { ...actor, companyAdmin: true }, id);
}

function outdated(): DomainError {
  return new DomainError(409, "RecordOutdatedException", "apiErrors.RecordOutdatedException");
}

export async function updateForm(db: Kysely<Database>, actor: Actor, id: string, input: FormUpdate): Promise<FormDto> {
  requirePermission(actor, "Update", FORM);
  await visibleForm(db, actor, id);
  const values = await formValues(db, input);
  if (!(await repo.updateForm(db, id, input.version, values))) throw outdated();
  return getForm(db, { ...actor, companyAdmin: true }, id);
}

export async function deleteForm(db: Kysely<Database>, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, "Delete", FORM);
  await visibleForm(db, actor, id);
  const outcome = await db.transaction().execute((trx) => repo.deleteForm(trx, id));
  if (outcome === "missing") throw notFound();
  if (outcome === "answered") {
    throw new DomainError(409, "FormWithResponseException", "apiErrors.FormWithResponseException");
  }
}

/** Spec §4: unlinking clears mergeWith on the question blocks and drops the rest. */
export async function unlinkForm(db: Kysely<Database>, actor: Actor, id: string): Promise<FormDto> {
  requirePermission(actor, "Update", FORM);
  const row = await visibleForm(db, actor, id);
  const fields = await fieldsByEntity(db);
  const blocks = storedBlocks(row.blocks).flatMap((block): StoredBlock[] => {
    if (block.type !== "QUESTION") return [];
    if (!block.mergeWith) return [block];
    // The question keeps the type and options it had, now its own.
    const field = questionField(block, fields);
    const type = field.type === "Query" ? "Text" : field.type;
    const options = (field.settings.options ?? []).map((option) => option.value);
    return [{ ...block, mergeWith: null, fieldType: type, options }];
  });
  if (!(await repo.updateForm(db, id, row.version, { blocks: JSON.stringify(blocks) }))) throw outdated();
  return getForm(db, { ...actor, companyAdmin: true }, id);
}

/** Stores the form's banner: an image by its content (PNG, JPEG, WebP, GIF), at most 10 MB (spec §5, §9). */
export async function uploadBanner(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  read: UploadReader,
): Promise<FormDto> {
  requirePermission(actor, "Update", FORM);
  await visibleForm(db, actor, id);
  let upload: Awaited<ReturnType<UploadReader>>;
  try {
    upload = await read(FORM_BANNER_MAX_BYTES, (filePath) =>
      checkImageType(filePath, formBannerTypes, formTexts.bannerType),
    );
  } catch (error) {
    if (error instanceof DomainError && (error.status === 413 || error.status === 415)) {
      const message = error.status === 413 ? formTexts.bannerTooLarge : formTexts.bannerType;
      throw new DomainError(error.status, error.exceptionName, message, [
        { field: "file", defaultMessage: message, objectName: "formBanner" },
      ]);
    }
    throw error;
  }
  await repo.setBanner(db, id, { key: upload.key, mime: upload.mime, size: upload.size });
  return getForm(db, actor, id);
}

export async function removeBanner(db: Kysely<Database>, actor: Actor, id: string): Promise<FormDto> {
  requirePermission(actor, "Update", FORM);
  await visibleForm(db, actor, id);
  await repo.setBanner(db, id, null);
  return getForm(db, actor, id);
}

export function toSubmissionDto(row: repo.SubmissionRecord): SubmissionDto {
  return {
    uuid: row.id,
    formUuid: row.form_id,
    answers: (row.answers ?? {}) as Record<string, unknown>,
    submittedAt: new Date(row.submitted_at).toISOString(),
    mergeState: row.merge_state,
    contactUuid: row.contact_id,
    companyUuid: row.company_id,
    mergedBy: userRef(row.merged_by, row.merged_by_first_name, row.merged_by_last_name),
    mergedAt: row.merged_at ? new Date(row.merged_at).toISOString() : null,
  };
}

export async function listSubmissions(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  query: { page: number; size: number; q?: string },
): Promise<SubmissionPage> {
  requirePermission(actor, "Read", FORM);
  const form = await visibleForm(db, actor, id);
  const q = query.q && query.q.length >= SEARCH_MIN_LENGTH ? query.q : undefined;
  const { rows, total, totalExact } = await repo.listSubmissions(
    db,
    form.id,
    q,
    query.page * query.size,
    query.size,
    Number(form.submission_count),
  );
  return {
    content: rows.map(toSubmissionDto),
    totalElements: total,
    totalExact,
    page: query.page,
    size: query.size,
  };
}

export async function getSubmission(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  submissionId: string,
): Promise<SubmissionDto> {
  requirePermission(actor, "Read", FORM);
  const form = await visibleForm(db, actor, id);
  const row = isUuid(submissionId) ? await repo.findSubmission(db, form.id, submissionId) : undefined;
  if (!row) throw new DomainError(404, "NotFoundException", formTexts.submissionNotFound);
  return toSubmissionDto(row);
}

// ——— The public side ———

const LOGIN_REQUIRED = "Full authentication is required to access this resource";

function loginRequired(): DomainError {
  return new DomainError(401, "UnauthorizedException", LOGIN_REQUIRED);
}

async function publicFormRow(db: Kysely<Database>, publicId: string): Promise<repo.FormRecord> {
  const row = publicId.length <= 64 ? await repo.findFormByPublicId(db, publicId) : undefined;
  if (!row) throw notFound();
  return row;
}

function stateOf(row: repo.FormRecord): PublicFormDto["state"] {
  if (!row.open) return "closed";
  return row.accepting_response ? "open" : "notAccepting";
}

/** The form as its public page shows it, with a token to submit it with while it takes responses. */
export async function publicForm(
  db: Kysely<Database>,
  publicId: string,
  signedIn: Actor | null,
  now: number,
): Promise<PublicFormDto> {
  const row = await publicFormRow(db, publicId);
  if (row.accessibility === "login" && !signedIn) throw loginRequired();
  const state = stateOf(row);
  const token = state === "open" ? signToken(await tokenSecret(db), row.id, now) : null;
  return { publicId: row.public_id, state, ...look(row, await fieldsByEntity(db)), token };
}

export async function publicBanner(db: Kysely<Database>, publicId: string, signedIn: Actor | null) {
  const row = await publicFormRow(db, publicId);
  if (row.accessibility === "login" && !signedIn) throw loginRequired();
  if (!row.banner_key || !row.banner_mime) throw notFound();
  return { key: row.banner_key, mime: row.banner_mime, size: Number(row.banner_size ?? 0) };
}

export interface SubmissionLimits {
  perAddress: number;
  addressWindowMinutes: number;
  perFormPerMinute: number;
}

function refused(reason: string): FormRefusal {
  return new FormRefusal(400, "BadRequestException", formTexts.refused, reason);
}

function expired(reason: string): FormRefusal {
  return new FormRefusal(400, "FormTokenException", formTexts.expired, reason);
}

/** The answers' text, for searching the submissions. */
function searchTextOf(values: Record<string, unknown>): string {
  return Object.values(values)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value) => value !== null && value !== undefined)
    .map(String)
    .join(" ");
}

/**
 * Takes a submission, or refuses it (a FormRefusal, counted by the route, nothing stored): the form must take
 * responses; the honeypot must be empty; the token this form's, signed by us, 3 seconds to 24 hours old and not used;
 * the address and the form under their limits; the answers right for their questions (the record engine's rules and
 * texts). Accepted, its owner is told.
 */
export async function submit(
  db: Kysely<Database>,
  publicId: string,
  input: SubmissionInput,
  context: { ip: string; signedIn: Actor | null; now: number; limits: SubmissionLimits },
): Promise<{ uuid: string; autoMerge: boolean }> {
  const row = await publicFormRow(db, publicId);
  if (row.accessibility === "login" && !context.signedIn) {
    throw new FormRefusal(401, "UnauthorizedException", LOGIN_REQUIRED, "login");
  }
  const state = stateOf(row);
  if (state === "closed") throw new FormRefusal(409, "FormClosedException", formTexts.closed, "closed");
  if (state === "notAccepting") {
    throw new FormRefusal(409, "FormNotAcceptingException", formTexts.notAccepting, "notAccepting");
  }
  if (input.honeypot !== "") throw refused("honeypot");

  const token = checkToken(await tokenSecret(db), input.token, row.id, context.now);
  if (!token.ok) {
    if (token.reason === "tooFast") throw new FormRefusal(400, "FormTokenException", formTexts.tooFast, "tooFast");
    throw expired(token.reason);
  }

  const { limits } = context;
  const addressWindow = limits.addressWindowMinutes * 60_000;
  const addressCount = await repo.hit(
    db,
    `address:${row.id}:${context.ip}`,
    new Date(Math.floor(context.now / addressWindow) * addressWindow),
  );
  if (addressCount > limits.perAddress) {
    throw new FormRefusal(429, "TooManyRequestsException", formTexts.tooMany, "addressLimit");
  }
  const formCount = await repo.hit(db, `form:${row.id}`, new Date(Math.floor(context.now / 60_000) * 60_000));
  if (formCount > limits.perFormPerMinute) {
    throw new FormRefusal(429, "TooManyRequestsException", formTexts.tooMany, "formLimit");
  }

  const fields = await fieldsByEntity(db);
  const questions = storedBlocks(row.blocks).filter((block): block is StoredQuestion => block.type === "QUESTION");
  const answers = Object.fromEntries(
    Object.entries(input.answers).filter(([key]) => questions.some((question) => question.id === key)),
  );
  const checked = valuesValidator(
    questions.map((question) => questionField(question, fields)),
    { partial: false },
  )(answers);
  if (checked.errors.length > 0) {
    throw new FormRefusal(
      400,
      "MethodArgumentNotValidException",
      "Validation failed",
      "invalid",
      checked.errors.map((error) => ({ ...error, field: `answers.${error.field}`, objectName: "submission" })),
    );
  }
  const values = Object.fromEntries(Object.entries(checked.values).filter(([, value]) => value !== null));

  return db.transaction().execute(async (trx) => {
    if (!(await repo.takeToken(trx, token.nonce, token.expiresAt))) throw expired("replayed");
    const uuid = await repo.insertSubmission(trx, {
      formId: row.id,
      answers: values,
      searchText: searchTextOf(values),
      submittedBy: context.signedIn?.id ?? null,
    });
    if (row.owner_id) await notifyFormSubmission(trx, { ownerId: row.owner_id, formId: row.id, title: row.title });
    await repo.countSubmission(trx, row.id);
    return { uuid, autoMerge: row.auto_merge && row.owner_id !== null };
  });
}

/** Counts a refused submission to the form with this public id: refusals are never stored, only counted. */
export async function countRefusal(db: Kysely<Database>, publicId: string, reason: string): Promise<void> {
  await repo.countRefusal(db, publicId, reason);
}

/** Of the stored files' keys given, those a form's banner names. */
export async function referencedBanners(db: Kysely<Database>, keys: string[]): Promise<string[]> {
  return repo.bannerFiles(db, keys);
}
