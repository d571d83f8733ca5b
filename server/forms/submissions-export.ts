import { type Kysely, sql } from "kysely";
import { loadActor } from "../auth/actors.ts";
import { type Actor, requirePermission } from "../auth/permissions.ts";
import type { Language } from "../bulk-data/cells.ts";
import type { ExportRecord, ExportSource } from "../bulk-data/export-file.ts";
import * as exportsRepo from "../bulk-data/exports.repository.ts";
import { EXPORT_CHUNK_SIZE, fileNameOf, toDto } from "../bulk-data/exports.service.ts";
import { type BulkFormat, type BulkLanguage, bulkDataTexts, type ExportDto } from "../contract/bulk-data.ts";
import type { FieldDefinition } from "../contract/fields.ts";
import { type FormBlock, mergeStates } from "../contract/forms.ts";
import { standaloneField } from "../contract/standalone-field.ts";
import type { Database } from "../db/schema.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { getForm } from "./forms.service.ts";

/** The rights an export needs besides the form's Read (spec §6: export is a right of its own). */
const EXPORT_RESOURCE = "Export";

/** An export of submissions is kept as of the form's table: the exports list names it by its scope. */
const FORM_SCHEMA = "core";
const FORM_TABLE = "form";

/** The columns before the questions', by keys no question has (its keys are uuids). */
const SUBMITTED_KEY = "$submitted";
const STATE_KEY = "$state";

/** The product's own words for the export's columns and name (the specification has none). */
const words = {
  en: {
    submissions: "Form submissions",
    submitted: "Submitted",
    state: "Merge state",
    states: { pending: "Pending", merged: "Merged", dismissed: "Dismissed" },
  },
  nb: {
    submissions: "Skjemasvar",
    submitted: "Sendt",
    state: "Sammenslåing",
    states: { pending: "Venter", merged: "Slått sammen", dismissed: "Avvist" },
  },
} as const;

/**
 * Keeps an export of a form's submissions and queues the job that writes it (the same job and list as the entities'
 * exports): Form Read on a form the user sees, and Export Create.
 */
export async function initiateSubmissionsExport(
  db: Kysely<Database>,
  queue: (exportId: string) => Promise<unknown>,
  actor: Actor,
  formId: string,
  request: { format: BulkFormat; lang?: BulkLanguage },
): Promise<ExportDto> {
  requirePermission(actor, "Create", EXPORT_RESOURCE);
  const form = await getForm(db, actor, formId);
  const language = request.lang ?? (await exportsRepo.languageOf(db, actor.id));
  const row = await exportsRepo.insertExport(db, {
    userId: actor.id,
    schemaKey: FORM_SCHEMA,
    tableKey: FORM_TABLE,
    format: request.format,
    params: { scope: "form", formId: form.uuid },
    language,
    fileName: fileNameOf(
      `${form.title} ${words[language].submissions}`,
      language,
      request.format,
      new Date(),
      await exportsRepo.timeZoneOf(db, actor.id),
    ),
  });
  try {
    await queue(row.id);
  } catch (error) {
    // Never left "exporting" with no job to finish it.
    await db.transaction().execute((trx) => exportsRepo.failExport(trx, row.id, bulkDataTexts.exportFailed));
    throw error;
  }
  return toDto(row);
}

/** The file's columns: when, the merge state, then each question headed by its label, of its field's type. */
function layoutFields(blocks: FormBlock[], language: Language): FieldDefinition[] {
  const text = words[language];
  const questions = blocks.flatMap((block) =>
    block.type === "QUESTION"
      ? [
          standaloneField({
            key: block.id,
            labelEn: block.label,
            labelNb: block.label,
            type: block.inputType === "Query" ? "Text" : block.inputType,
            settings: { options: block.options },
          }),
        ]
      : [],
  );
  return [
    standaloneField({ key: SUBMITTED_KEY, labelEn: text.submitted, labelNb: text.submitted, type: "DateTime" }),
    standaloneField({
      key: STATE_KEY,
      labelEn: text.state,
      labelNb: text.state,
      type: "List",
      settings: {
        options: mergeStates.map((state) => ({
          value: state,
          labelEn: words.en.states[state],
          labelNb: words.nb.states[state],
        })),
      },
    }),
    ...questions,
  ];
}

/** Names the export in its notification, as an entity would. */
function submissionsEntity(): EntityMetadata {
  return {
    id: "",
    schemaKey: FORM_SCHEMA,
    tableKey: FORM_TABLE,
    labelEn: words.en.submissions,
    labelNb: words.nb.submissions,
    pluralEn: words.en.submissions,
    pluralNb: words.nb.submissions,
    resource: "Form",
    builtIn: true,
    searchText: false,
    fields: [],
  };
}

/**
 * A form's submissions as the export's source: the form read as its user sees it now (a right lost since refuses it),
 * its submissions newest first by keyset on their index, a chunk per statement.
 */
export async function submissionsExportOf(
  db: Kysely<Database>,
  row: exportsRepo.StoredExport,
  params: exportsRepo.ExportParams,
  language: Language,
  signal?: AbortSignal,
): Promise<ExportSource> {
  const actor = await loadActor(db, row.user_id);
  if (actor?.status !== "active") throw new Error(`export ${row.id}: its user may no longer export`);
  requirePermission(actor, "Create", EXPORT_RESOURCE);
  const form = await getForm(db, actor, String(params.formId));

  async function* chunks(): AsyncGenerator<ExportRecord[]> {
    // The last row's time as PostgreSQL writes it: a Date would lose its microseconds, and skip rows.
    let after: { at: string; id: string } | null = null;
    for (;;) {
      signal?.throwIfAborted();
      let query = db
        .selectFrom("core.form_submission as s")
        .select(["s.id", "s.answers", "s.submitted_at", "s.merge_state", sql<string>`s.submitted_at::text`.as("at")])
        .where("s.form_id", "=", form.uuid);
      if (after) {
        const { at, id } = after;
        query = query.where(sql<boolean>`(s.submitted_at, s.id) < (${at}::timestamptz, ${id}::uuid)`);
      }
      const rows = await query
        .orderBy("s.submitted_at", "desc")
        .orderBy("s.id", "desc")
        .limit(EXPORT_CHUNK_SIZE)
        .execute();
      if (rows.length === 0) return;
      yield rows.map((submission) => ({
        ...((submission.answers ?? {}) as Record<string, unknown>),
        id: submission.id,
        [SUBMITTED_KEY]: new Date(submission.submitted_at).toISOString(),
        [STATE_KEY]: submission.merge_state,
      }));
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
      if (rows.length < EXPORT_CHUNK_SIZE) return;
    }
  }

  return {
    entity: submissionsEntity(),
    layout: {
      format: row.format,
      language,
      fields: layoutFields(form.blocks, language),
      sheetName: words[language].submissions,
    },
    chunks: chunks(),
  };
}
