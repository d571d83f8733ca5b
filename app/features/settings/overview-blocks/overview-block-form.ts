import { parseWithZod } from "@conform-to/zod/v4";
import { coerceFormValue } from "@conform-to/zod/v4/future";
import { z } from "zod";
import {
  moveOverviewBlock,
  type OverviewBlock,
  overviewBlockSchema,
} from "../../../../server/contract/overview-blocks.ts";

/** The overview blocks' form, by id. */
export const OVERVIEW_FORM_ID = "overview-blocks-form";

/** The list's anchor, where the page comes back to after a save without JavaScript. */
export const OVERVIEW_LIST_ANCHOR = "overview-blocks";

/** A block's row, by id: the page comes back to it after the block was moved without JavaScript. */
export function blockAnchor(key: string): string {
  return `overview-block-${key}`;
}

/** A move's intent names its block and direction: "up:activities". */
const MOVE = /^(up|down):([A-Za-z]+)$/;

/**
 * The entity's whole order as the screen posts it: each block in its place (a hidden key) with its checkbox, and which
 * button sent it: Save (also what a checkbox sends with JavaScript, which has no button), or a block's up or down.
 * An unchecked box is absent from the form, so it is false.
 */
export const overviewBlocksFormSchema = z.object({
  intent: z.union([z.literal("save"), z.string().regex(MOVE)]).default("save"),
  blocks: z.array(overviewBlockSchema.extend({ shown: z.boolean().default(false) })).min(1),
});
export type OverviewBlocksFormValue = z.output<typeof overviewBlocksFormSchema>;

const schema = coerceFormValue(overviewBlocksFormSchema);

/** The form read by its schema: the same in the browser (which shows a move at once) and in the action. */
export function parseOverviewBlocksForm(formData: FormData) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/** The block a move names, and where it goes; null for Save. */
export function moveOf(intent: string): { key: string; direction: "up" | "down" } | null {
  const [, direction, key] = MOVE.exec(intent) ?? [];
  return key && (direction === "up" || direction === "down") ? { key, direction } : null;
}

/** The order to save: the posted one, with the block a move names moved one place. */
export function orderOf(value: OverviewBlocksFormValue): OverviewBlock[] {
  const move = moveOf(value.intent);
  return move ? moveOverviewBlock(value.blocks, move.key, move.direction) : value.blocks;
}
