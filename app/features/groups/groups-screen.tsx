import { Box, Text } from "@chakra-ui/react";
import type { GroupAdminDto, GroupMember } from "../../../server/contract/iam.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, TableLink } from "../../components/data-table.tsx";
import { FilterBar, SearchInput } from "../../components/filter-bar.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { rowLinksColumn, useRowLink } from "../../components/row-links.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { USER_SEARCH_DELAY_MS, userUrl } from "../users/urls.ts";
import { UserStatusBadge } from "../users/user-status.tsx";
import type { GroupMembersData, GroupsData } from "./groups.server.ts";
import { groupMembersUrl, groupsUrl } from "./urls.ts";

/** The groups (spec §2 groups): each with how many members it has, its members' page, Rename and Delete. */
export function GroupsScreen({ groups, page, q, lastPage, goTo, canUpdate }: GroupsData) {
  const { t } = useTranslation();
  const linkFor = useRowLink();
  const language = useLanguage();
  return (
    <Page>
      <PageHeader
        title={t("settings.groups.title")}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={groupsUrl({ q, panel: "new" })}>
              {t("settings.groups.add")}
            </ButtonLink>
          )
        }
      />
      <FilterBar action={groupsUrl()} searchDelayMs={USER_SEARCH_DELAY_MS}>
        <SearchInput name="q" defaultValue={q} />
      </FilterBar>
      <Box data-testid="groups">
        <DataTable<GroupAdminDto>
          rows={groups.content}
          rowKey={(group) => group.uuid}
          empty={<Text color="fg.muted">{t("settings.groups.noGroups")}</Text>}
          columns={[
            {
              key: "name",
              header: t("settings.groups.name"),
              kind: "primary",
              cell: (group) => <TableLink href={groupMembersUrl(group.uuid)}>{group.name}</TableLink>,
            },
            {
              key: "members",
              header: t("settings.groups.members"),
              cell: (group) => formatNumber(group.members, language),
            },
            rowLinksColumn((group) => {
              const link = linkFor(group.name);
              return [
                link(groupMembersUrl(group.uuid), "settings.groups.membersOf", "settings.groups.showMembers"),
                canUpdate &&
                  link(
                    groupsUrl({ q, panel: "rename", group: group.uuid }),
                    "settings.groups.renameGroup",
                    "settings.groups.rename",
                  ),
                canUpdate &&
                  link(
                    groupsUrl({ q, confirm: "delete", group: group.uuid }),
                    "settings.groups.deleteGroup",
                    "common.delete",
                  ),
              ];
            }),
          ]}
        />
      </Box>
      <ListFooter
        page={page}
        lastPage={lastPage}
        pageSize={25}
        total={groups.totalElements}
        exact
        pageTo={(number) => groupsUrl({ q, page: number })}
        goTo={{
          to: groupsUrl({ q, page, goto: 1 }),
          state: goTo,
          action: groupsUrl(),
          keep: q ? { q } : {},
          closeTo: groupsUrl({ q, page }),
        }}
      />
    </Page>
  );
}

const nameOf = (member: Pick<GroupMember, "firstName" | "lastName">) => `${member.firstName} ${member.lastName}`.trim();

/** A group's members by name, each with their email and status; Add member and Remove for those who may. */
export function GroupMembersScreen({ group, members, page, lastPage, canUpdate }: GroupMembersData) {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader
        title={group.name}
        breadcrumb={{ label: t("settings.groups.title"), to: groupsUrl() }}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={groupMembersUrl(group.uuid, { panel: "add" })}>
              {t("settings.groups.addMember")}
            </ButtonLink>
          )
        }
      />
      <Box data-testid="members">
        <DataTable<GroupMember>
          rows={members.content}
          rowKey={(member) => member.uuid}
          empty={<Text color="fg.muted">{t("settings.groups.noUsers")}</Text>}
          columns={[
            {
              key: "name",
              header: t("settings.users.name"),
              kind: "primary",
              cell: (member) => <TableLink href={userUrl(member.uuid)}>{nameOf(member)}</TableLink>,
            },
            { key: "email", header: t("settings.users.email"), cell: (member) => member.email },
            {
              key: "status",
              header: t("settings.users.status"),
              cell: (member) => <UserStatusBadge status={member.status} />,
            },
            ...(canUpdate
              ? [
                  {
                    key: "actions",
                    header: "",
                    kind: "action" as const,
                    cell: (member: GroupMember) => (
                      <TableLink
                        href={groupMembersUrl(group.uuid, { page, confirm: "remove", user: member.uuid })}
                        label={t("settings.groups.removeUser", { name: nameOf(member) })}
                      >
                        {t("settings.groups.remove")}
                      </TableLink>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Box>
      <ListFooter
        page={page}
        lastPage={lastPage}
        pageSize={25}
        total={members.totalElements}
        exact
        pageTo={(number) => groupMembersUrl(group.uuid, { page: number })}
      />
    </Page>
  );
}
