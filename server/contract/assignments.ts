import { z } from "zod";
import { messages } from "./fields.ts";

/** Assigning or removing a group of a record's notification assignment (spec §6 Entity_Assignment). */
export const groupAssignmentSchema = z.object({ groupId: z.uuid({ error: messages.required }) });

/** Assigning or removing a user of a record's notification assignment. */
export const userAssignmentSchema = z.object({ userId: z.uuid({ error: messages.required }) });
