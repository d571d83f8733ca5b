import { data, type RouterContextProvider, redirect } from "react-router";
import { formsApi } from "../../../server/contract/forms.api.ts";
import { readGoToPage } from "../../components/go-to-page.ts";
import { hasPermission, requirePermission } from "../../middleware/auth.server.ts";
import { getInstance } from "../../middleware/i18next.server.ts";
import { api } from "../../utils/api.server.ts";
import { FORMS_PAGE_SIZE, formsUrl, readFormListParams } from "./urls.ts";

/** A search needs 3 characters (spec §5); a shorter one is not sent, and the list is unsearched. */
const SEARCH_MIN = 3;

/** The forms the user sees (Form Read, and each form's visibility), searched, filtered and a page at a time. */
export async function loadForms(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requirePermission(context, request, "Read", "Form");
  const url = new URL(request.url);
  const params = readFormListParams(url);
  const list = await api(context).call(formsApi.list, {
    query: {
      page: params.page - 1,
      size: FORMS_PAGE_SIZE,
      q: params.q.length >= SEARCH_MIN ? params.q : undefined,
      status: params.status || undefined,
      accepting: params.accepting || undefined,
    },
  });
  const lastPage = Math.max(1, Math.ceil(list.totalElements / FORMS_PAGE_SIZE));
  const goTo = readGoToPage(url, lastPage);
  if (goTo.page) throw redirect(formsUrl({ ...params, page: goTo.page }));
  if (params.page > lastPage && list.totalElements > 0) throw redirect(formsUrl({ ...params, page: lastPage }));
  return data({
    title: getInstance(context).t("webForms.list.title"),
    params,
    lastPage,
    list,
    goTo: goTo.state,
    canCreate: hasPermission(user, "Create", "Form"),
  });
}

export type FormsListData = Awaited<ReturnType<typeof loadForms>>["data"];
