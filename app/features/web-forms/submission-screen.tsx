import { Box, Card, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { type FieldMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { MergeEntityProposal } from "../../../server/contract/forms.ts";
import { CheckLabel } from "../../components/check-label.tsx";
import { FormErrors, SubmitButton } from "../../components/form-field.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useMessageText } from "../../utils/message-text.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { questionsOf, useAnswerText } from "./answer-text.ts";
import { MERGE_FORM_ID, mergeFormSchema } from "./submission-merge-form.ts";
import type { SubmissionData } from "./submissions.server.ts";
import { MergeStateBadge } from "./submissions-screen.tsx";
import { submissionsUrl, submissionUrl } from "./submissions-urls.ts";

/** The record pages the merged records open on. */
const recordPaths = { contact: "contacts", company: "companies" } as const;

/**
 * One submission (spec §2 /forms/{id}/submissions): its answers by question, and the merge review, per entity the
 * form's questions go to: create a new record, update the matched one (field by field where they differ) or skip; or
 * dismiss it. Plain forms: without JavaScript they post to the page's action; with it Conform checks them first.
 */
export function SubmissionScreen({
  form,
  submission,
  entities,
  canMerge,
  lastResult,
}: SubmissionData & { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const answerText = useAnswerText(form.blocks);
  const submitted = formatDateTime(submission.submittedAt, dates);
  return (
    <Page>
      <PageHeader
        title={t("webForms.submissions.submissionTitle", { date: submitted })}
        breadcrumb={{ label: t("webForms.submissions.pageTitle", { form: form.title }), to: submissionsUrl(form.uuid) }}
        meta={<MergeStateBadge state={submission.mergeState} />}
      />
      <Card.Root data-testid="submission-answers">
        <Card.Header>
          <Heading size="md">{t("webForms.submissions.answers")}</Heading>
        </Card.Header>
        <Card.Body>
          <Stack as="dl" gap="3">
            {questionsOf(form.blocks).map((question) => (
              <Box key={question.id}>
                <Text as="dt" fontSize="sm" color="fg.muted">
                  {question.label}
                </Text>
                <Text as="dd" whiteSpace="pre-line" wordBreak="break-word">
                  {answerText(question.id, submission.answers[question.id]) || "—"}
                </Text>
              </Box>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      {submission.mergeState === "merged" ? (
        <Merged submission={submission} />
      ) : (
        <MergeReview
          formId={form.uuid}
          submissionId={submission.uuid}
          entities={entities}
          canMerge={canMerge}
          answerText={answerText}
          dismissed={submission.mergeState === "dismissed"}
          lastResult={lastResult}
        />
      )}
    </Page>
  );
}

/** Who merged the submission, when, and the records it went to. */
function Merged({ submission }: { submission: SubmissionData["submission"] }) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const who = submission.mergedBy ? `${submission.mergedBy.firstName} ${submission.mergedBy.lastName}` : "";
  return (
    <Card.Root data-testid="merged">
      <Card.Body gap="2">
        <Text>
          {t("webForms.submissions.merge.mergedBy", {
            name: who || t("history.someone"),
            date: formatDateTime(submission.mergedAt ?? "", dates),
          })}
        </Text>
        <HStack gap="4">
          {submission.contactUuid && (
            <Link to={`/${recordPaths.contact}/${submission.contactUuid}`} data-testid="merged-contact">
              {t("webForms.submissions.merge.openContact")}
            </Link>
          )}
          {submission.companyUuid && (
            <Link to={`/${recordPaths.company}/${submission.companyUuid}`} data-testid="merged-company">
              {t("webForms.submissions.merge.openCompany")}
            </Link>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function MergeReview({
  formId,
  submissionId,
  entities,
  canMerge,
  answerText,
  dismissed,
  lastResult,
}: {
  formId: string;
  submissionId: string;
  entities: MergeEntityProposal[];
  canMerge: boolean;
  answerText: AnswerText;
  dismissed: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const action = submissionUrl(formId, submissionId);
  const [form, fields] = useSchemaForm(mergeFormSchema, {
    id: MERGE_FORM_ID,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: Object.fromEntries(
      entities.map((entity) => [
        entity.entity,
        { action: entity.match ? "update" : "create", uuid: entity.match?.uuid, fields: [] },
      ]),
    ),
  });
  return (
    <Card.Root data-testid="merge-review">
      <Card.Header>
        <Heading size="md">{t("webForms.submissions.merge.title")}</Heading>
      </Card.Header>
      <Card.Body gap="4">
        {dismissed && <Text color="fg.muted">{t("webForms.submissions.merge.dismissedNote")}</Text>}
        {entities.length === 0 ? (
          <Text color="fg.muted">{t("webForms.submissions.merge.nothing")}</Text>
        ) : (
          <Form method="post" action={action} {...getFormProps(form)} noValidate>
            <Stack gap="5">
              <FormErrors form={form} />
              {entities.map((entity) => (
                <EntityReview
                  key={entity.entity}
                  proposal={entity}
                  meta={fields[entity.entity]}
                  errors={form.allErrors}
                  answerText={answerText}
                  disabled={!canMerge}
                />
              ))}
            </Stack>
          </Form>
        )}
        {canMerge && (
          <HStack gap="3">
            {entities.length > 0 && (
              <SubmitButton form={MERGE_FORM_ID} intent="merge" data-testid="merge-button">
                {t("webForms.submissions.merge.mergeButton")}
              </SubmitButton>
            )}
            {!dismissed && (
              <Form method="post" action={action}>
                <SubmitButton intent="dismiss" variant="outline" colorPalette="gray" data-testid="dismiss-button">
                  {t("webForms.submissions.merge.dismissButton")}
                </SubmitButton>
              </Form>
            )}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

type EntityMeta = FieldMetadata<{ action: string; uuid?: string; fields?: string[] } | undefined>;

/** One entity's choice (create, update the match, skip) and its fields, each differing one with its checkbox. */
function EntityReview({
  proposal,
  meta,
  errors,
  answerText,
  disabled,
}: {
  proposal: MergeEntityProposal;
  meta: EntityMeta;
  errors: Record<string, string[]> | undefined;
  answerText: AnswerText;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const fieldset = meta.getFieldset();
  const chosen = String(fieldset.action.initialValue ?? (proposal.match ? "update" : "create"));
  const taken = new Set([fieldset.fields.initialValue ?? []].flat().map(String));
  const actions = proposal.match ? (["update", "create", "skip"] as const) : (["create", "skip"] as const);
  const entityLabel = t(`webForms.submissions.merge.entities.${proposal.entity}`);
  // The record's own refusals (a required field not asked, say), keyed by the entity: "contact.last_name".
  const refusals = Object.entries(errors ?? {})
    .filter(([name]) => name.startsWith(`${proposal.entity}.`) && name !== fieldset.action.name)
    .map(([name, messages]) => {
      const key = name.slice(proposal.entity.length + 1);
      const label = proposal.fields.find((field) => field.key === key)?.label ?? key;
      return `${label}: ${messages.map(messageText).join(" ")}`;
    });
  return (
    <Stack as="fieldset" gap="3" data-testid={`merge-${proposal.entity}`}>
      <Heading as="legend" size="sm" mb="2">
        {entityLabel}
      </Heading>
      <Text data-testid={`match-${proposal.entity}`}>
        {proposal.match
          ? t("webForms.submissions.merge.matched", { name: proposal.match.name })
          : t("webForms.submissions.merge.noMatch")}
      </Text>
      {proposal.match && <input type="hidden" name={fieldset.uuid.name} value={proposal.match.uuid} />}
      <HStack gap="5" role="radiogroup" aria-label={`${entityLabel}: ${t("webForms.submissions.merge.action")}`}>
        {actions.map((value) => (
          <CheckLabel key={value}>
            <input
              type="radio"
              name={fieldset.action.name}
              value={value}
              defaultChecked={chosen === value}
              disabled={disabled}
              key={`${fieldset.action.key}-${value}`}
            />
            {t(`webForms.submissions.merge.actions.${value}`)}
          </CheckLabel>
        ))}
      </HStack>
      {refusals.length > 0 && (
        <Text color="fg.error" data-testid={`merge-errors-${proposal.entity}`}>
          {refusals.join(" ")}
        </Text>
      )}
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("webForms.submissions.merge.field")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("webForms.submissions.merge.submittedValue")}</Table.ColumnHeader>
            {proposal.match && <Table.ColumnHeader>{t("webForms.submissions.merge.existingValue")}</Table.ColumnHeader>}
            {proposal.match && <Table.ColumnHeader />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {proposal.fields.map((field) => (
            <FieldRow
              key={field.key}
              field={field}
              matched={proposal.match !== null}
              name={fieldset.fields.name}
              taken={taken.has(field.key)}
              answerText={answerText}
              disabled={disabled}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

type AnswerText = ReturnType<typeof useAnswerText>;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

function FieldRow({
  field,
  matched,
  name,
  taken,
  answerText,
  disabled,
}: {
  field: MergeEntityProposal["fields"][number];
  matched: boolean;
  name: string;
  taken: boolean;
  answerText: AnswerText;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  // The record's value is of the field the question asks: shown as the answer is.
  const shown = (value: unknown) => (isEmpty(value) ? "—" : answerText(field.blockId, value));
  const note = isEmpty(field.submitted)
    ? ""
    : isEmpty(field.existing)
      ? t("webForms.submissions.merge.fills")
      : t("webForms.submissions.merge.same");
  return (
    <Table.Row data-testid={`merge-field-${field.key}`}>
      <Table.Cell>{field.label}</Table.Cell>
      <Table.Cell>{shown(field.submitted)}</Table.Cell>
      {matched && <Table.Cell>{shown(field.existing)}</Table.Cell>}
      {matched && (
        <Table.Cell>
          {field.differs ? (
            <CheckLabel>
              <input type="checkbox" name={name} value={field.key} defaultChecked={taken} disabled={disabled} />
              {t("webForms.submissions.merge.take")}
            </CheckLabel>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {note}
            </Text>
          )}
        </Table.Cell>
      )}
    </Table.Row>
  );
}
