import { parseWithZod } from "@conform-to/zod/v4";
import { type DashboardDto, dashboardInputSchema, placementInputSchema } from "../../../server/contract/dashboards.ts";
import { requiredErrors } from "../../utils/form-errors.ts";

/** A dashboard as its side panel posts it: the API's own schema (flags are checkboxes, groups a list of them). */
export function parseDashboardForm(formData: FormData) {
  return parseWithZod(formData, { schema: dashboardInputSchema, error: requiredErrors });
}

/** The form's values for a dashboard being changed; a new one is for every group and in no menu yet. */
export function dashboardDefaults(dashboard?: DashboardDto) {
  return {
    name: dashboard?.name ?? "",
    description: dashboard?.description ?? "",
    mainList: dashboard?.mainList ?? false,
    showInCompany: dashboard?.showInCompany ?? false,
    showInContact: dashboard?.showInContact ?? false,
    default: dashboard?.default ?? false,
    groupUuids: dashboard?.groups.map((group) => group.uuid) ?? [],
  };
}

/** A placed widget's size as the layout page's selects post it. */
export const placementFormSchema = placementInputSchema.pick({ width: true, height: true });

export function parsePlacementForm(formData: FormData) {
  return parseWithZod(formData, { schema: placementFormSchema, error: requiredErrors });
}
