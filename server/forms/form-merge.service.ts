import type { Kysely, Transaction } from "kysely";
import { loadActor } from "../auth/actors.ts";
import { type Actor, can, requirePermission } from "../auth/permissions.ts";
import {
  formTexts,
  type MergeEntity,
  type MergeEntityProposal,
  type MergeInput,
  type MergeProposal,
  mergeEntities,
  type SubmissionDto,
} from "../contract/forms.ts";
import { notFoundTexts } from "../contract/settings-texts.ts";
import type { Database } from "../db/schema.ts";
import { isUuid } from "../db/values.ts";
import { DomainError } from "../http/errors.ts";
import { createLink } from "../records/links.service.ts";
import { cachedEntity, type EntityMetadata } from "../records/metadata.repository.ts";
import { rowName, valuesOf } from "../records/record-dto.ts";
import { findRecord } from "../records/records.repository.ts";
import { createRecord, updateRecord } from "../records/records.service.ts";
import type { HistorySource } from "../records/transactions.ts";
import * as repo from "./form-merge.repository.ts";
import type { FormRecord } from "./forms.repository.ts";
import { getSubmission, type StoredQuestion, storedBlocks, visibleForm } from "./forms.service.ts";

/** The built-in link between companies and contacts, which a merge of both makes. */
const COMPANY_CONTACT = { schema: "custom_schema_relationship", table: "company_has_contact" } as const;
/** The role a contact who answered for a company is given there (the link's role is required). */
const MERGED_ROLE = "employee";

function submissionNotFound(): DomainError {
  return new DomainError(404, "NotFoundException", formTexts.submissionNotFound);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** Whether an answer differs from the record's value; e-mail addresses and names in another letter case do not. */
function differs(submitted: unknown, existing: unknown): boolean {
  if (isEmpty(submitted) || isEmpty(existing)) return false;
  if (typeof submitted === "string" && typeof existing === "string") {
    return submitted.trim().toLowerCase() !== existing.trim().toLowerCase();
  }
  return JSON.stringify(submitted) !== JSON.stringify(existing);
}

interface Answered {
  key: string;
  blockId: string;
  label: string;
  value: unknown;
}

interface EntityPlan {
  entity: MergeEntity;
  metadata: EntityMetadata;
  /** Each mapped field's answer (the first question's that answered it), in the form's order. */
  answered: Answered[];
}

/** Per entity the form's questions go to, the answers for its fields. */
async function plansOf(
  db: Kysely<Database>,
  form: FormRecord,
  answers: Record<string, unknown>,
): Promise<EntityPlan[]> {
  const questions = storedBlocks(form.blocks).filter(
    (block): block is StoredQuestion => block.type === "QUESTION" && block.mergeWith !== null,
  );
  const plans: EntityPlan[] = [];
  for (const entity of mergeEntities) {
    const mapped = questions.filter((question) => question.mergeWith?.entity === entity);
    if (mapped.length === 0) continue;
    const metadata = await cachedEntity(db, "crm", entity);
    if (!metadata) continue;
    const answered = new Map<string, Answered>();
    for (const question of mapped) {
      const key = question.mergeWith?.field ?? "";
      const field = metadata.fields.find((candidate) => candidate.key === key && candidate.active);
      if (!field) continue;
      const value = Object.hasOwn(answers, question.id) ? answers[question.id] : null;
      const known = answered.get(key);
      if (!known || (isEmpty(known.value) && !isEmpty(value))) {
        answered.set(key, { key, blockId: question.id, label: question.label, value: value ?? null });
      }
    }
    plans.push({ entity, metadata, answered: [...answered.values()] });
  }
  return plans;
}

function answerOf(plan: EntityPlan, key: string): string | null {
  const value = plan.answered.find((answer) => answer.key === key)?.value;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/**
 * The existing record a submission matches, among those the actor may read: a contact by e-mail (letter case aside); a
 * company by organisation number, else by name (letter case aside).
 */
async function matchOf(db: Kysely<Database>, actor: Actor, plan: EntityPlan): Promise<string | undefined> {
  if (!can(actor, "Read", plan.metadata.resource)) return undefined;
  if (plan.entity === "contact") {
    const email = answerOf(plan, "email");
    return email ? repo.findMatch(db, "contactEmail", email) : undefined;
  }
  const number = answerOf(plan, "organisation_number");
  const byNumber = number ? await repo.findMatch(db, "companyNumber", number) : undefined;
  if (byNumber) return byNumber;
  const name = answerOf(plan, "name");
  return name ? repo.findMatch(db, "companyName", name) : undefined;
}

async function proposalOf(db: Kysely<Database>, actor: Actor, plan: EntityPlan): Promise<MergeEntityProposal> {
  const matchId = await matchOf(db, actor, plan);
  const row = matchId ? await findRecord(db, plan.metadata, matchId) : undefined;
  const existing = row ? valuesOf(plan.metadata, row) : {};
  return {
    entity: plan.entity,
    match: row ? { uuid: row.id, name: rowName(plan.metadata, existing) } : null,
    fields: plan.answered.map((answer) => ({
      key: answer.key,
      blockId: answer.blockId,
      label: answer.label,
      submitted: answer.value,
      existing: row ? (existing[answer.key] ?? null) : null,
      differs: row ? differs(answer.value, existing[answer.key]) : false,
    })),
  };
}

/** What merging the submission would do, per entity the form's questions go to (Form Read). */
export async function mergeProposal(
  db: Kysely<Database>,
  actor: Actor,
  formId: string,
  submissionId: string,
): Promise<MergeProposal> {
  const submission = await getSubmission(db, actor, formId, submissionId);
  const form = await visibleForm(db, actor, formId);
  const plans = await plansOf(db, form, submission.answers);
  return { submission, entities: await Promise.all(plans.map((plan) => proposalOf(db, actor, plan))) };
}

/** A record's validation errors keyed by the entity they are of (`contact.email`), as the review names its fields. */
function keyedBy<T>(entity: MergeEntity, write: () => Promise<T>): Promise<T> {
  return write().catch((error: unknown) => {
    if (error instanceof DomainError && error.errors) {
      throw new DomainError(
        error.status,
        error.exceptionName,
        error.message,
        error.errors.map((fieldError) => ({ ...fieldError, field: `${entity}.${fieldError.field}` })),
      );
    }
    throw error;
  });
}

async function mergeEntity(
  trx: Transaction<Database>,
  actor: Actor,
  plan: EntityPlan,
  choice: NonNullable<MergeInput[MergeEntity]>,
  source: HistorySource,
): Promise<string | null> {
  const answered = plan.answered.filter((answer) => !isEmpty(answer.value));
  if (choice.action === "create") {
    const values = Object.fromEntries(answered.map((answer) => [answer.key, answer.value]));
    const created = await keyedBy(plan.entity, () =>
      createRecord(trx, actor, plan.metadata, values, undefined, { source }),
    );
    return created.uuid;
  }
  requirePermission(actor, "Update", plan.metadata.resource);
  requirePermission(actor, "Read", plan.metadata.resource);
  const row = choice.uuid ? await findRecord(trx, plan.metadata, choice.uuid) : undefined;
  if (!row) throw new DomainError(404, "NotFoundException", notFoundTexts.record);
  const existing = valuesOf(plan.metadata, row);
  const taken = new Set(choice.fields);
  // The record's empty fields are always filled; a value it has changes only when the user chose the submitted one.
  const values = Object.fromEntries(
    answered
      .filter(
        (answer) =>
          isEmpty(existing[answer.key]) || (taken.has(answer.key) && differs(answer.value, existing[answer.key])),
      )
      .map((answer) => [answer.key, answer.value]),
  );
  if (Object.keys(values).length > 0) {
    await keyedBy(plan.entity, () =>
      updateRecord(trx, actor, plan.metadata, row.id, values, true, undefined, { source }),
    );
  }
  return row.id;
}

/** Links the merged contact to the merged company, unless they are linked already (or the user may not link them). */
async function linkMerged(
  trx: Transaction<Database>,
  actor: Actor,
  companyId: string,
  contactId: string,
  source: HistorySource,
) {
  if (!can(actor, "Update", "Company") || !can(actor, "Update", "Contact")) return;
  try {
    await createLink(
      trx,
      actor,
      COMPANY_CONTACT.schema,
      COMPANY_CONTACT.table,
      { id1: companyId, id2: contactId, role: MERGED_ROLE },
      source,
    );
  } catch (error) {
    const known = ["DataAlreadyConnectedException", "AnotherConnectionAlreadyExistingException"];
    if (!(error instanceof DomainError && known.includes(error.exceptionName))) throw error;
  }
}

/**
 * Merges a submission into a contact and a company as the user chose, in one transaction, through the record engine
 * (its rules, rights and hooks); both merged, they are linked. The records' history names the form.
 */
export async function mergeSubmission(
  db: Kysely<Database>,
  actor: Actor,
  formId: string,
  submissionId: string,
  input: MergeInput,
): Promise<SubmissionDto> {
  requirePermission(actor, "Update", "Form");
  const form = await visibleForm(db, actor, formId);
  if (!isUuid(submissionId)) throw submissionNotFound();
  const source: HistorySource = { type: "form", uuid: form.id, name: form.title };
  await db.transaction().execute(async (trx) => {
    const submission = await repo.lockSubmission(trx, form.id, submissionId);
    if (!submission) throw submissionNotFound();
    if (submission.merge_state === "merged") {
      throw new DomainError(409, "SubmissionMergedException", formTexts.alreadyMerged);
    }
    const plans = await plansOf(trx, form, (submission.answers ?? {}) as Record<string, unknown>);
    const merged: Partial<Record<MergeEntity, string>> = {};
    for (const plan of plans) {
      const choice = input[plan.entity];
      if (!choice || choice.action === "skip") continue;
      const id = await mergeEntity(trx, actor, plan, choice, source);
      if (id) merged[plan.entity] = id;
    }
    if (merged.company && merged.contact) await linkMerged(trx, actor, merged.company, merged.contact, source);
    await repo.markMerged(trx, submission.id, {
      contactId: merged.contact ?? null,
      companyId: merged.company ?? null,
      mergedBy: actor.id,
    });
  });
  return getSubmission(db, actor, formId, submissionId);
}

/** Dismisses a submission that is not to be merged (Form Update); a merged one stays merged. */
export async function dismissSubmission(
  db: Kysely<Database>,
  actor: Actor,
  formId: string,
  submissionId: string,
): Promise<SubmissionDto> {
  requirePermission(actor, "Update", "Form");
  const form = await visibleForm(db, actor, formId);
  await getSubmission(db, actor, formId, submissionId);
  if (!(await repo.markDismissed(db, form.id, submissionId))) {
    throw new DomainError(409, "SubmissionMergedException", formTexts.alreadyMerged);
  }
  return getSubmission(db, actor, formId, submissionId);
}

/**
 * The background merge of a form that merges by itself, as its owner: each entity into the record it matches (only its
 * empty fields filled), or into a new one. What the owner may not do, or what the record's rules refuse, leaves the
 * submission pending for someone to review; `false` says so.
 */
export async function autoMergeSubmission(db: Kysely<Database>, submissionId: string): Promise<boolean> {
  const row = await repo.submissionForJob(db, submissionId);
  if (row?.merge_state !== "pending" || !row.auto_merge || !row.owner_id) return false;
  const actor = await loadActor(db, row.owner_id);
  if (actor?.status !== "active") return false;
  try {
    const proposal = await mergeProposal(db, actor, row.form_id, row.id);
    const input: MergeInput = {};
    for (const entity of proposal.entities) {
      // Nothing answered for it (a company's questions left blank): nothing to merge.
      if (entity.fields.every((field) => isEmpty(field.submitted))) continue;
      input[entity.entity] = entity.match
        ? { action: "update", uuid: entity.match.uuid, fields: [] }
        : { action: "create", fields: [] };
    }
    await mergeSubmission(db, actor, row.form_id, row.id, input);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.status < 500) return false;
    throw error;
  }
}
