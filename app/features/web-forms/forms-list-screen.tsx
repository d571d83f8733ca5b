import { Box } from "@chakra-ui/react";
import type { FormRow } from "../../../server/contract/forms.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { FilterBar, FilterSelect, SearchInput } from "../../components/filter-bar.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { accessibilityKey, OpenBadge, ownerName } from "./form-badges.tsx";
import type { FormsListData } from "./forms-list.server.ts";
import { CREATE_FORM_PATH, FORMS_PAGE_SIZE, FORMS_PATH, formsUrl, formUrl } from "./urls.ts";

/**
 * The forms the user sees (spec §2 /forms): searched from 3 characters, filtered by open or closed and by whether
 * they accept responses, each with its submissions; "New form" for those who may create one.
 */
export function FormsListScreen({ params, lastPage, list, goTo, canCreate }: FormsListData) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const { page } = params;
  const columns: DataTableColumn<FormRow>[] = [
    {
      key: "title",
      header: t("webForms.list.formTitle"),
      kind: "primary",
      cell: (form) => <TableLink href={formUrl(form.uuid, "view")}>{form.title}</TableLink>,
    },
    { key: "status", header: t("list.status"), cell: (form) => <OpenBadge open={form.open} /> },
    {
      key: "accepting",
      header: t("webForms.list.accepting"),
      cell: (form) => t(form.acceptingResponse ? "common.yes" : "common.no"),
    },
    { key: "access", header: t("webForms.list.access"), cell: (form) => t(accessibilityKey(form.accessibility)) },
    {
      key: "submissions",
      header: t("webForms.list.submissions"),
      cell: (form) => (
        <TableLink
          href={formUrl(form.uuid, "submissions")}
          label={t("webForms.list.submissionsOf", {
            count: form.submissionCount,
            title: form.title,
            number: formatNumber(form.submissionCount, dates.language),
          })}
        >
          {formatNumber(form.submissionCount, dates.language)}
        </TableLink>
      ),
    },
    { key: "owner", header: t("webForms.list.owner"), cell: (form) => ownerName(form.owner) || "—" },
    { key: "updated", header: t("webForms.list.updated"), cell: (form) => formatDateTime(form.updatedAt, dates) },
  ];
  const narrowed = params.q.length >= 3 || params.status !== "" || params.accepting !== "";
  const newForm = (size?: "sm") =>
    canCreate && (
      <ButtonLink variant="primary" size={size} to={CREATE_FORM_PATH}>
        {t("webForms.list.newForm")}
      </ButtonLink>
    );
  const kept = { q: params.q, status: params.status, accepting: params.accepting };
  return (
    <Page>
      <PageHeader title={t("webForms.list.title")} actions={newForm()} />
      <FilterBar action={FORMS_PATH} searchDelayMs={800}>
        <SearchInput name="q" defaultValue={params.q} />
        <FilterSelect
          name="status"
          label={t("list.status")}
          defaultValue={params.status}
          options={[
            { value: "", label: t("list.allStatuses") },
            { value: "open", label: t("webForms.list.open") },
            { value: "closed", label: t("webForms.list.closed") },
          ]}
        />
        <FilterSelect
          name="accepting"
          label={t("webForms.list.accepting")}
          defaultValue={params.accepting}
          options={[
            { value: "", label: t("webForms.list.acceptingAll") },
            { value: "true", label: t("webForms.list.acceptingYes") },
            { value: "false", label: t("webForms.list.acceptingNo") },
          ]}
        />
      </FilterBar>
      <Box data-testid="forms">
        <DataTable
          columns={columns}
          rows={list.content}
          rowKey={(form) => form.uuid}
          empty={
            narrowed ? (
              <EmptyState
                title={t("webForms.list.noMatches")}
                description={t("list.noRecordsHint")}
                action={
                  <ButtonLink size="sm" to={FORMS_PATH}>
                    {t("list.clearFilters")}
                  </ButtonLink>
                }
              />
            ) : (
              <EmptyState
                title={t("webForms.list.emptyTitle")}
                description={t(canCreate ? "webForms.list.emptyText" : "webForms.list.emptyTextReader")}
                action={newForm("sm")}
              />
            )
          }
        />
      </Box>
      <ListFooter
        page={page}
        lastPage={lastPage}
        pageSize={FORMS_PAGE_SIZE}
        total={list.totalElements}
        exact
        pageTo={(number) => formsUrl({ ...kept, page: number })}
        goTo={{
          to: formsUrl({ ...kept, page, goto: "1" }),
          state: goTo,
          action: FORMS_PATH,
          keep: Object.fromEntries(Object.entries(kept).filter(([, value]) => value)),
          closeTo: formsUrl({ ...kept, page }),
        }}
      />
    </Page>
  );
}
