import { Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import type { WorkItemLink } from "../../../server/contract/work-items.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { RemoveRowButton } from "../../components/remove-row-button.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import type { RecordDetailData } from "../records/detail.server.ts";

function linkName(link: WorkItemLink) {
  return link.company ? `${link.contact.rowName} (${link.company.rowName})` : link.contact.rowName;
}

/** An inquiry's or a to-do's contacts, each with its company, which can be linked and removed here. */
export function ConnectionsTab({ workItems, screen, record }: RecordDetailData) {
  const { t } = useTranslation();
  if (workItems?.kind !== "item" || !workItems.links) return null;
  const { links, canLink, canReadCompanies, canReadContacts } = workItems;
  const base = `/${screen.path}/${record.uuid}/connections`;
  return (
    <Stack gap="3" data-testid="connections-tab">
      {canLink && (
        <HStack justify="end">
          <ButtonLink variant="primary" size="sm" to={`${base}?panel=link-contact`}>
            {t("workItems.link")}
          </ButtonLink>
        </HStack>
      )}
      <DataTable<WorkItemLink>
        rows={links}
        rowKey={(link) => link.uuid}
        empty={<EmptyState title={t("workItems.notLinked")} />}
        columns={[
          {
            key: "contact",
            header: t("workItems.contact"),
            kind: "primary",
            cell: (link) =>
              canReadContacts ? (
                <TableLink href={`/contacts/${link.contact.uuid}`}>{link.contact.rowName}</TableLink>
              ) : (
                link.contact.rowName
              ),
          },
          {
            key: "company",
            header: t("workItems.company"),
            cell: (link) =>
              link.company &&
              (canReadCompanies ? (
                <TableLink href={`/companies/${link.company.uuid}`}>{link.company.rowName}</TableLink>
              ) : (
                link.company.rowName
              )),
          },
          ...(canLink
            ? [
                {
                  key: "remove",
                  header: "",
                  kind: "action" as const,
                  cell: (link: WorkItemLink) => (
                    <RemoveRowButton
                      action={base}
                      intent="unlinkContact"
                      hidden={{ linkId: link.uuid }}
                      label={t("workItems.removeLink", { name: linkName(link) })}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Stack>
  );
}

/** The overview's card of an item's contacts and companies. */
export function ConnectionsCard({ workItems, screen, record }: RecordDetailData) {
  const { t } = useTranslation();
  if (workItems?.kind !== "item" || !workItems.links) return null;
  const { links, canReadCompanies, canReadContacts } = workItems;
  return (
    <Card.Root data-testid="connections-card">
      <Card.Header>
        <Heading size="md">
          <RouterLink to={`/${screen.path}/${record.uuid}/connections`}>{t("workItems.contactAndCompany")}</RouterLink>
        </Heading>
      </Card.Header>
      <Card.Body>
        {links.length === 0 ? (
          <Text color="fg.muted">{t("workItems.notLinked")}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyle="none">
            {links.map((link) => (
              <li key={link.uuid}>
                {canReadContacts ? (
                  <RouterLink to={`/contacts/${link.contact.uuid}`}>{link.contact.rowName}</RouterLink>
                ) : (
                  link.contact.rowName
                )}
                {link.company && (
                  <Text fontSize="sm" color="fg.muted">
                    {canReadCompanies ? (
                      <RouterLink to={`/companies/${link.company.uuid}`}>{link.company.rowName}</RouterLink>
                    ) : (
                      link.company.rowName
                    )}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
