import { Card, DataList, Heading, Stack, Text } from "@chakra-ui/react";
import type { TransactionDto } from "../../../server/contract/records.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { CountedListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useRoleName } from "../../utils/role-name.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { historyText } from "../records/history.ts";
import { HistoryEntryCard } from "../records/history-entry.tsx";
import { usersUrl, userUrl } from "./urls.ts";
import type { UserDetailData } from "./user-detail.server.ts";
import { UserStatusBadge } from "./user-status.tsx";

/** How a user's history entries read: who invited or changed them, and each change in the page's language. */
function useUserHistoryText() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const label = (key: string) => t(`users.fields.${key}`, { defaultValue: key });
  const value = (key: string, shown: unknown) => {
    if (key === "role" && typeof shown === "string") return roleName(shown);
    if (key === "status") return t(`settings.users.statuses.${shown}`, { defaultValue: String(shown) });
    if (key === "language") return t(`users.languages.${shown}`, { defaultValue: String(shown) });
    return Array.isArray(shown) ? shown.join(", ") : String(shown);
  };
  return (entry: TransactionDto) => {
    const who = entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : t("history.someone");
    const changes = entry.changes.map((change) =>
      // No language chosen, or no groups, reads as such rather than as nothing.
      change.key === "language"
        ? {
            ...change,
            before: change.before ?? (entry.action === "update" ? t("users.browserLanguage") : null),
            after: change.after ?? t("users.browserLanguage"),
          }
        : change,
    );
    return {
      title: t(entry.action === "create" ? "users.historyCreate" : "users.historyUpdate", { name: who }),
      text: historyText(changes, label, entry.action, value),
    };
  };
}

/**
 * A user (spec §2 `/users/{id}`): their name and status, email, role, groups and language, an Edit that opens them in
 * the users settings for those who may change users, and their history, paged.
 */
export function UserDetail({ employee, history, page, canList, canEdit }: UserDetailData) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const _settings = useDateSettings();
  const describe = useUserHistoryText();
  const name = `${employee.firstName} ${employee.lastName}`.trim();
  const details = [
    { key: "email", label: t("users.email"), value: employee.email },
    // A user's role is shown only to those who may read the settings: the API leaves it out for others.
    ...(employee.role ? [{ key: "role", label: t("users.role"), value: roleName(employee.role.name) }] : []),
    {
      key: "groups",
      label: t("users.groups"),
      value: employee.groups.map((group) => group.name).join(", ") || t("users.noGroups"),
    },
    {
      key: "language",
      label: t("users.language"),
      value: employee.language ? t(`users.languages.${employee.language}`) : t("users.browserLanguage"),
    },
  ];
  return (
    <Page>
      <PageHeader
        title={name}
        breadcrumb={canList ? { label: t("settings.users.title"), to: usersUrl() } : undefined}
        meta={<UserStatusBadge status={employee.status} />}
        actions={
          canEdit && (
            <ButtonLink variant="primary" to={usersUrl({ panel: "edit", user: employee.uuid })}>
              {t("users.edit")}
            </ButtonLink>
          )
        }
      />
      <Card.Root>
        <Card.Header>
          <Heading size="md">{t("users.details")}</Heading>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" data-testid="user-details">
            {details.map((item) => (
              <DataList.Item key={item.key} data-testid={`user-${item.key}`}>
                <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
                <DataList.ItemValue>{item.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Stack gap="3" as="section" aria-label={t("users.history")}>
        <Heading size="md" as="h2">
          {t("users.history")}
        </Heading>
        {history.totalElements === 0 ? (
          <Text color="fg.muted">{t("history.empty")}</Text>
        ) : (
          <>
            {history.content.map((entry) => (
              <HistoryEntryCard key={entry.id} {...describe(entry)} at={entry.at} />
            ))}
            <CountedListFooter page={page} of={history} pageTo={(number) => userUrl(employee.uuid, number)} />
          </>
        )}
      </Stack>
    </Page>
  );
}
