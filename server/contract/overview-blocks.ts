import { z } from "zod";
import { messages } from "./messages.ts";
import { overviewBlockTexts } from "./settings-texts.ts";

/**
 * The blocks a record's 360-overview may show (spec §2 expanded-entity-overview-widgets), in the order an entity
 * shows them until an administrator orders them: the record's fields (with its one-to-one partners), its favorite
 * connections, an item's contacts and companies, its activities, what a note or a document is attached to, its latest
 * notes and documents, a company's contacts or a contact's companies, and its assignments.
 */
export const overviewBlockKeys = [
  "fields",
  "favorites",
  "workItemLinks",
  "activities",
  "attachedTo",
  "notes",
  "documents",
  "related",
  "assignments",
] as const;
export type OverviewBlockKey = (typeof overviewBlockKeys)[number];

/** The texts of a refused order, also shown by the settings screen (in the page's language). */
export { overviewBlockTexts };

const CUSTOM_SCHEMA = "custom_schema";
const companiesAndContacts = new Set(["crm.company", "crm.contact"]);
const workItems = new Set(["crm.inquiry", "crm.todo"]);
const attachable = new Set(["notes.note", "documents.document"]);

/**
 * The blocks that apply to an entity's records, in the default order. This is the one place that knows which screen
 * has what: the API offers and accepts these, the record page shows them.
 */
export function overviewBlocksOf(entity: { schemaKey: string; tableKey: string }): OverviewBlockKey[] {
  const name = `${entity.schemaKey}.${entity.tableKey}`;
  const custom = entity.schemaKey === CUSTOM_SCHEMA;
  const applies: Record<OverviewBlockKey, boolean> = {
    fields: true,
    favorites: true,
    workItemLinks: workItems.has(name),
    activities: custom || companiesAndContacts.has(name),
    attachedTo: attachable.has(name),
    // A note's files are documents attached to it; notes are not attached to notes, nor anything to a document.
    notes: custom || companiesAndContacts.has(name) || workItems.has(name),
    documents: custom || companiesAndContacts.has(name) || workItems.has(name) || name === "notes.note",
    related: companiesAndContacts.has(name),
    assignments: true,
  };
  return overviewBlockKeys.filter((key) => applies[key]);
}

export const overviewBlockSchema = z.object({
  key: z.enum(overviewBlockKeys, { error: messages.notAnOption }),
  shown: z.boolean(),
});
export type OverviewBlock = z.infer<typeof overviewBlockSchema>;

/** An entity's blocks in order, as the API answers and takes them. */
export const overviewBlockListSchema = z.array(overviewBlockSchema).max(overviewBlockKeys.length * 2);

/** The blocks of an entity that has not been ordered: every one, shown, in the default order. */
export function defaultOverviewBlocks(entity: { schemaKey: string; tableKey: string }): OverviewBlock[] {
  return overviewBlocksOf(entity).map((key) => ({ key, shown: true }));
}

/**
 * An entity's order as it may be saved: each of its blocks once, none of another entity's, and the fields first and
 * shown (they fill the page's wide column; the other blocks follow beside them in their order).
 */
export function overviewOrderSchema(entity: { schemaKey: string; tableKey: string }) {
  const applicable = overviewBlocksOf(entity);
  return overviewBlockListSchema.superRefine((blocks, ctx) => {
    const listed = blocks.map((block) => block.key);
    const once =
      listed.length === applicable.length &&
      applicable.every((key) => listed.indexOf(key) !== -1 && listed.indexOf(key) === listed.lastIndexOf(key));
    if (!once) ctx.addIssue({ code: "custom", message: overviewBlockTexts.listedOnce });
    const first = blocks[0];
    if (first?.key !== "fields" || !first.shown) {
      ctx.addIssue({ code: "custom", message: overviewBlockTexts.fieldsFirst, path: [0] });
    }
  });
}

/** Moves a block one place up or down; the fields stay first, and a block at either end stays where it is. */
export function moveOverviewBlock<B extends { key: string }>(blocks: B[], key: string, direction: "up" | "down"): B[] {
  const from = blocks.findIndex((block) => block.key === key);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 1 || to < 1 || to >= blocks.length) return blocks;
  const moved = [...blocks];
  [moved[from], moved[to]] = [moved[to] as B, moved[from] as B];
  return moved;
}
