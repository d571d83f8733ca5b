import { Button, Card, Field, Heading, HStack, Input, List, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { Form, Link } from "react-router";
import { ButtonLink } from "../../components/button-link.tsx";
import { CopyTextButton } from "../../components/copy-button.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { AcceptingBadge, accessibilityKey, OpenBadge, ownerName } from "./form-badges.tsx";
import type { FormViewData } from "./form-view.server.ts";
import { isRefusalReason, refusalRows } from "./snippets.ts";
import { FORMS_PATH, formUrl, publicFormPath } from "./urls.ts";

/**
 * One form's overview (spec §2 /forms/{id}/view): its state and switches, its counts, and how to share it: the public
 * address and the snippets for another site, with the sites that may frame it.
 */
export function FormViewScreen({ form, rights, publicUrl, snippets }: FormViewData) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const number = (value: number) => formatNumber(value, dates.language);
  const refusals = refusalRows(form.refusals);
  return (
    <Page>
      <PageHeader
        title={form.title}
        breadcrumb={{ label: t("webForms.title"), to: FORMS_PATH }}
        meta={
          <HStack gap="2" wrap="wrap">
            <OpenBadge open={form.open} />
            <AcceptingBadge accepting={form.acceptingResponse} />
            <StatusBadge testId="form-access">{t(accessibilityKey(form.accessibility))}</StatusBadge>
          </HStack>
        }
        actions={
          <>
            {rights.update && (
              <ButtonLink variant="primary" to={formUrl(form.uuid, "edit")}>
                {t("common.edit")}
              </ButtonLink>
            )}
            <ButtonLink to={formUrl(form.uuid, "submissions")}>{t("webForms.view.submissions")}</ButtonLink>
            <ButtonLink to={publicFormPath(form.publicId)} reloadDocument>
              {t("webForms.view.openPublic")}
            </ButtonLink>
            {rights.delete && (
              <ButtonLink variant="danger" to={formUrl(form.uuid, "view", { confirm: "delete" })}>
                {t("common.delete")}
              </ButtonLink>
            )}
          </>
        }
      />
      {form.description && (
        <Text whiteSpace="pre-line" data-testid="form-description">
          {form.description}
        </Text>
      )}
      <Text color="fg.muted" fontSize="sm">
        {t("webForms.view.ownerAndChanged", {
          owner: ownerName(form.owner) || "—",
          changed: formatDateTime(form.updatedAt, dates),
        })}
      </Text>

      {rights.update && (
        <Card.Root size="sm">
          <Card.Body gap="3">
            <Heading size="md">{t("webForms.view.status")}</Heading>
            <Text color="fg.muted">
              {t(
                !form.open
                  ? "webForms.view.stateClosed"
                  : form.acceptingResponse
                    ? "webForms.view.stateOpen"
                    : "webForms.view.stateNotAccepting",
              )}
            </Text>
            <HStack gap="3" wrap="wrap">
              <SwitchForm version={form.version} intent="open" value={!form.open}>
                {t(form.open ? "webForms.view.close" : "webForms.view.open")}
              </SwitchForm>
              <SwitchForm version={form.version} intent="accepting" value={!form.acceptingResponse}>
                {t(form.acceptingResponse ? "webForms.view.stopResponses" : "webForms.view.acceptResponses")}
              </SwitchForm>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}

      <Card.Root size="sm" data-testid="form-counts">
        <Card.Body gap="3">
          <Heading size="md">{t("webForms.view.countsTitle")}</Heading>
          <Text>
            <Link to={formUrl(form.uuid, "submissions")} data-testid="submission-count">
              {t("webForms.view.submissionCount", {
                count: form.submissionCount,
                number: number(form.submissionCount),
              })}
            </Link>
          </Text>
          {refusals.total === 0 ? (
            <Text color="fg.muted">{t("webForms.view.noRefusals")}</Text>
          ) : (
            <>
              <Text>{t("webForms.view.refusalCount", { count: refusals.total, number: number(refusals.total) })}</Text>
              <Table.Root size="sm" maxW="lg" data-testid="refusals">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t("webForms.view.reason")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("webForms.view.refused")}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {refusals.rows.map((row) => (
                    <Table.Row key={row.reason}>
                      <Table.Cell>
                        {isRefusalReason(row.reason) ? t(`webForms.view.reasons.${row.reason}`) : row.reason}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{number(row.count)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </>
          )}
          <Text color="fg.muted" fontSize="sm">
            {t("webForms.view.refusalsNote")}
          </Text>
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm" data-testid="form-share">
        <Card.Body gap="4">
          <Heading size="md">{t("webForms.view.shareTitle")}</Heading>
          {!form.open && <Text color="fg.muted">{t("webForms.view.shareClosed")}</Text>}
          <Field.Root>
            <Field.Label>{t("webForms.view.publicLink")}</Field.Label>
            <HStack w="full" align="flex-start">
              <Input readOnly value={publicUrl} data-testid="public-link" />
              <CopyTextButton value={publicUrl} label={t("webForms.view.copyLink")} />
            </HStack>
          </Field.Root>
          <Snippet
            label={t("webForms.view.iframeSnippet")}
            copyLabel={t("webForms.view.copyIframe")}
            value={snippets.iframe}
            testId="iframe-snippet"
          />
          <Snippet
            label={t("webForms.view.linkSnippet")}
            copyLabel={t("webForms.view.copyLinkSnippet")}
            value={snippets.link}
            testId="link-snippet"
          />
          <Stack gap="1" data-testid="allowed-sites">
            <Text>{t(form.allowedSites.length > 0 ? "webForms.view.framingSites" : "webForms.view.framingNone")}</Text>
            {form.allowedSites.length > 0 && (
              <List.Root ps="5">
                {form.allowedSites.map((site) => (
                  <List.Item key={site}>{site}</List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

/** A switch of the form as a plain form: it posts the value it sets and the version the page shows. */
function SwitchForm({
  version,
  intent,
  value,
  children,
}: {
  version: number;
  intent: "open" | "accepting";
  value: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="value" value={String(value)} />
      <Button type="submit" name="intent" value={intent} variant="outline" size="sm">
        {children}
      </Button>
    </Form>
  );
}

/** A snippet of HTML in a read-only box, with its copy button. */
function Snippet({
  label,
  copyLabel,
  value,
  testId,
}: {
  label: string;
  copyLabel: string;
  value: string;
  testId: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Textarea readOnly value={value} rows={3} fontFamily="mono" fontSize="sm" data-testid={testId} />
      <CopyTextButton value={value} label={copyLabel} />
    </Field.Root>
  );
}
