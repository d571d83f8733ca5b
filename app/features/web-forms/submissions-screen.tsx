import { Box } from "@chakra-ui/react";
import type { SubmissionDto } from "../../../server/contract/forms.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { FilterBar, SearchInput } from "../../components/filter-bar.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { questionsOf, useAnswerText } from "./answer-text.ts";
import type { SubmissionsData } from "./submissions.server.ts";
import { SUBMISSIONS_PAGE_SIZE, submissionsUrl, submissionUrl } from "./submissions-urls.ts";

/** How much of the answers a row shows; the submission's page has them all. */
const PREVIEW_LENGTH = 120;

/** A submission's merge state as a badge: pending stands out, merged is done, dismissed is set aside. */
export function MergeStateBadge({ state }: { state: SubmissionDto["mergeState"] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge palette={state === "merged" ? "teal" : "gray"} testId="merge-state">
      {t(`webForms.submissions.states.${state}`)}
    </StatusBadge>
  );
}

/**
 * A form's submissions (spec §2 /forms/{id}/submissions): newest first, searched in their answers from 3 characters,
 * each with when it came, the start of its answers and its merge state, and the Export of them all.
 */
export function SubmissionsScreen({ form, q, page, lastPage, list, goTo, canExport }: SubmissionsData) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const answerText = useAnswerText(form.blocks);
  const questions = questionsOf(form.blocks);
  const preview = (submission: SubmissionDto) => {
    const text = questions
      .map((question) => answerText(question.id, submission.answers[question.id]))
      .filter((answer) => answer !== "")
      .join(" · ");
    return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
  };
  const columns: DataTableColumn<SubmissionDto>[] = [
    {
      key: "submitted",
      header: t("webForms.submissions.submitted"),
      kind: "primary",
      cell: (submission) => (
        <TableLink href={submissionUrl(form.uuid, submission.uuid)}>
          {formatDateTime(submission.submittedAt, dates)}
        </TableLink>
      ),
    },
    { key: "answers", header: t("webForms.submissions.answers"), cell: preview },
    {
      key: "state",
      header: t("webForms.submissions.state"),
      cell: (submission) => <MergeStateBadge state={submission.mergeState} />,
    },
    {
      key: "actions",
      header: "",
      kind: "action",
      cell: (submission) => (
        <TableLink
          href={submissionUrl(form.uuid, submission.uuid)}
          label={t("webForms.submissions.viewSubmission", { date: formatDateTime(submission.submittedAt, dates) })}
        >
          {t("webForms.submissions.view")}
        </TableLink>
      ),
    },
  ];
  const searched = q.length >= 3;
  const here = submissionsUrl(form.uuid, { q, page });
  return (
    <Page>
      <PageHeader
        title={t("webForms.submissions.pageTitle", { form: form.title })}
        breadcrumb={{ label: t("webForms.title"), to: "/forms" }}
        actions={
          canExport &&
          list.totalElements > 0 && (
            <ButtonLink to={submissionsUrl(form.uuid, { q, page, panel: "export" })} data-testid="export-submissions">
              {t("webForms.submissions.export")}
            </ButtonLink>
          )
        }
      />
      <FilterBar action={submissionsUrl(form.uuid)} searchDelayMs={800}>
        <SearchInput name="q" defaultValue={q} />
      </FilterBar>
      <Box data-testid="submissions">
        <DataTable
          columns={columns}
          rows={list.content}
          rowKey={(submission) => submission.uuid}
          empty={
            searched ? (
              <EmptyState title={t("webForms.submissions.noMatches")} />
            ) : (
              <EmptyState title={t("webForms.submissions.empty")} description={t("webForms.submissions.emptyText")} />
            )
          }
        />
      </Box>
      <ListFooter
        page={page}
        lastPage={lastPage}
        pageSize={SUBMISSIONS_PAGE_SIZE}
        total={list.totalElements}
        exact
        pageTo={(number) => submissionsUrl(form.uuid, { q, page: number })}
        goTo={{
          to: submissionsUrl(form.uuid, { q, page, goto: "1" }),
          state: goTo,
          action: submissionsUrl(form.uuid),
          keep: q ? { q } : {},
          closeTo: here,
        }}
      />
    </Page>
  );
}
