import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { assignmentsApi } from "../../../../server/contract/assignments.api.ts";
import { groupAssignmentSchema, userAssignmentSchema } from "../../../../server/contract/assignments.ts";
import { ApiError, api } from "../../../utils/api.server.ts";
import { serverMessage } from "../../../utils/api-errors.ts";
import { badRequest, invalid, refused } from "../../../utils/form-action.server.ts";
import type { RecordActionResult } from "../record-action.ts";
import type { RecordIntentInput } from "./intent.server.ts";

/**
 * A group or a user assigned to the record's notifications, or removed from them ("assignGroup", "removeGroup",
 * "assignUser", "removeUser").
 */
export async function changeAssignment({ context, screen, recordId, formData, intent }: RecordIntentInput) {
  if (!recordId) badRequest();
  const group = intent.endsWith("Group");
  const assign = intent.startsWith("assign");
  const form = group ? "group" : "user";
  const submission = group
    ? parseWithZod(formData, { schema: groupAssignmentSchema })
    : parseWithZod(formData, { schema: userAssignmentSchema });
  if (submission.status !== "success") return invalid(form, submission);
  const target = group
    ? (submission.value as z.output<typeof groupAssignmentSchema>).groupId
    : (submission.value as z.output<typeof userAssignmentSchema>).userId;
  const ref = [{ schemaKey: screen.schema, tableKey: screen.table, uuidKey: recordId }];
  const client = api(context);
  try {
    if (assign) {
      const body = { assignToEntities: ref };
      if (group) await client.call(assignmentsApi.assignGroup, { params: { groupId: target }, body });
      else await client.call(assignmentsApi.assignUser, { params: { id: target }, body });
    } else {
      const body = { removeFromEntities: ref };
      if (group) await client.call(assignmentsApi.removeGroup, { params: { groupId: target }, body });
      else await client.call(assignmentsApi.removeUser, { params: { id: target }, body });
    }
  } catch (error) {
    // "User already exist" and "Group already exist" belong to the field that chose them (spec §5).
    if (error instanceof ApiError && error.status === 409 && serverMessage(error.body)) {
      const field = group ? "groupId" : "userId";
      return data<RecordActionResult>({
        form,
        result: submission.reply({ fieldErrors: { [field]: [serverMessage(error.body)] } }),
      });
    }
    // A failed removal shows the server's message (spec §8).
    if (error instanceof ApiError && !assign && serverMessage(error.body)) {
      return data<RecordActionResult>({ form, dialog: serverMessage(error.body) });
    }
    return refused(error, assign ? "POST" : "DELETE", form);
  }
  return redirect(`/${screen.path}/${recordId}`);
}
