import { data, type RouterContextProvider, redirect } from "react-router";
import { percentToFraction } from "../../../server/contract/fields.ts";
import type { EntityInfo, RecordDto } from "../../../server/contract/records.ts";
import { requireUser } from "../../middleware/auth.server.ts";
import { ApiError, api, authStateContext } from "../../utils/api.server.ts";
import { errorDialogText, fieldErrors } from "../../utils/api-errors.ts";
import { apiPath, isUuid } from "../../utils/api-path.ts";
import type { Toast } from "../../utils/session.server.ts";
import { entityInfo } from "./metadata.server.ts";
import type { RecordScreen } from "./screens.ts";

export interface ActionResult {
  fieldErrors?: Record<string, string>;
  values?: Record<string, unknown>;
  statusId?: string;
  dialog?: string | null;
}

function flash(context: Readonly<RouterContextProvider>, toast: Toast) {
  const state = context.get(authStateContext);
  if (!state) return;
  state.session.flash("toast", toast);
  state.changed = true;
}

/** The form's values in the API's terms (percent typed as 25 is sent as 0.25). */
function valuesFromForm(info: EntityInfo, form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of info.fields.filter((f) => f.active)) {
    if (field.type === "MultiSelect") values[field.key] = form.getAll(field.key).map(String);
    else if (field.type === "Bool") values[field.key] = form.get(field.key) === "on";
    else if (field.type === "Percent") {
      const text = String(form.get(field.key) ?? "");
      const fraction = percentToFraction(text);
      values[field.key] = fraction !== null && Number.isNaN(fraction) ? text : fraction;
    } else values[field.key] = form.get(field.key) ?? "";
  }
  return values;
}

function failure(error: unknown, method: string, values?: Record<string, unknown>, statusId?: string) {
  if (!(error instanceof ApiError)) throw error;
  return data<ActionResult>(
    {
      fieldErrors: fieldErrors(error.status, error.body),
      values,
      statusId,
      dialog: errorDialogText(method, error.status, error.body),
    },
    { status: error.status === 400 ? 400 : 200 },
  );
}

/** Save from the side panel (add or edit) and delete after confirmation, for any record screen. */
export async function recordAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: RecordScreen,
  recordId: string | undefined,
) {
  requireUser(context, request);
  // The id is part of the page's URL: a malformed one names no record.
  if (recordId !== undefined && !isUuid(recordId)) throw data("Not found", { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  const client = api(context);
  const base = apiPath`/api/${screen.schema}/${screen.table}`;
  const recordPath = (id: string) => apiPath`/api/${screen.schema}/${screen.table}/${id}`;

  if (intent === "delete" && recordId) {
    try {
      const record = await client.get<RecordDto>(recordPath(recordId));
      await client.delete(recordPath(recordId));
      flash(context, {
        status: "success",
        message: "records.deletedToast",
        duration: 3000,
        params: { name: record.rowName },
      });
    } catch (error) {
      return failure(error, "DELETE");
    }
    return redirect(`/${screen.path}`);
  }

  if ((intent === "link" || intent === "unlink") && recordId) {
    const link = screen.related.link;
    const path = apiPath`/api/data/links/${link.schema}/${link.table}`;
    const back = `/${screen.path}/${recordId}/${screen.related.tab}`;
    try {
      if (intent === "link") {
        const other = form.get("targetId");
        const role = String(form.get("role") ?? "");
        const missing = { ...(isUuid(other) ? {} : { targetId: "Required" }), ...(role ? {} : { role: "Required" }) };
        if (Object.keys(missing).length > 0) return data<ActionResult>({ fieldErrors: missing }, { status: 400 });
        const [id1, id2] = link.side === 1 ? [recordId, other] : [other, recordId];
        await client.post(path, { id1, id2, role });
        flash(context, { status: "success", message: "links.linked", duration: 3000 });
      } else {
        const linkId = form.get("linkId");
        if (!isUuid(linkId)) throw data("Bad request", { status: 400 });
        await client.delete(apiPath`/api/data/links/${link.schema}/${link.table}/${linkId}`);
        flash(context, { status: "success", message: "links.unlinked", duration: 3000 });
      }
    } catch (error) {
      return failure(error, intent === "link" ? "POST" : "DELETE");
    }
    return redirect(back);
  }

  if (typeof intent === "string" && /^(assign|remove)(Group|User)$/.test(intent) && recordId) {
    const group = intent.endsWith("Group");
    const target = form.get(group ? "groupId" : "userId");
    if (!isUuid(target))
      return data<ActionResult>({ fieldErrors: { [group ? "groupId" : "userId"]: "Required" } }, { status: 400 });
    const ref = [{ schemaKey: screen.schema, tableKey: screen.table, uuidKey: recordId }];
    const path = group ? apiPath`/api/core/groups/${target}` : apiPath`/api/iam/users/${target}`;
    try {
      if (intent.startsWith("assign")) await client.post(`${path}/assign_to_entities`, { assignToEntities: ref });
      else await client.deleteWithBody(`${path}/remove_from_entities`, { removeFromEntities: ref });
    } catch (error) {
      // "User already exist", "Group already exist" and failed removals show the server's message.
      if (error instanceof ApiError && (error.status === 409 || intent.startsWith("remove")) && error.body.message) {
        return data<ActionResult>({ dialog: error.body.message });
      }
      return failure(error, intent.startsWith("assign") ? "POST" : "DELETE");
    }
    return redirect(`/${screen.path}/${recordId}`);
  }

  if (intent === "save") {
    const info = await entityInfo(client, screen.schema, screen.table);
    const values = valuesFromForm(info, form);
    const statusId = String(form.get("statusId") ?? "") || undefined;
    const method = recordId ? "PUT" : "POST";
    try {
      const record = recordId
        ? await client.put<RecordDto>(recordPath(recordId), { values, statusId })
        : await client.post<RecordDto>(base, { values, statusId });
      flash(context, {
        status: "success",
        message: recordId ? "records.savedToast" : "records.savedNewToast",
        duration: 3000,
        params: { name: record.rowName },
      });
      return redirect(`/${screen.path}/${record.uuid}`);
    } catch (error) {
      return failure(error, method, values, statusId);
    }
  }
  return data<ActionResult>({ dialog: null }, { status: 400 });
}
