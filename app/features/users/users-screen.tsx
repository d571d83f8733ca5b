import { Box, HStack, Text } from "@chakra-ui/react";
import type { Employee } from "../../../server/contract/identity.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { FilterBar, FilterSelect, SearchInput } from "../../components/filter-bar.tsx";
import { ListFooter } from "../../components/list-footer.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { RowButton } from "../../components/row-links.tsx";
import { useRoleName } from "../../utils/role-name.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { listState, USERS_PAGE_SIZE } from "./list-params.ts";
import { USER_SEARCH_DELAY_MS, usersUrl, userUrl } from "./urls.ts";
import { UserStatusBadge } from "./user-status.tsx";
import type { UsersData } from "./users.server.ts";

export const fullName = (employee: Pick<Employee, "firstName" | "lastName">) =>
  `${employee.firstName} ${employee.lastName}`.trim();

/**
 * The users (spec §2 users): searched by name and email (with JavaScript as the user types), filtered by status, role
 * and group, each with their status, role and groups, and what may be done: edit, resend an invitation, deactivate or
 * reactivate.
 */
export function UsersScreen({
  page,
  params,
  lastPage,
  goTo,
  roles,
  groups,
  canInvite,
  canUpdate,
  seesRoles,
  me,
}: UsersData) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const state = listState(params);
  const columns: DataTableColumn<Employee>[] = [
    {
      key: "name",
      header: t("settings.users.name"),
      kind: "primary",
      cell: (employee) => <TableLink href={userUrl(employee.uuid)}>{fullName(employee)}</TableLink>,
    },
    { key: "email", header: t("settings.users.email"), cell: (employee) => employee.email },
    {
      key: "status",
      header: t("settings.users.status"),
      cell: (employee) => <UserStatusBadge status={employee.status} />,
    },
    // Who holds which role is shown only to those who may read the settings (the API leaves it out for others).
    ...(seesRoles
      ? [
          {
            key: "role",
            header: t("settings.users.role"),
            cell: (employee: Employee) => (employee.role ? roleName(employee.role.name) : "—"),
          },
        ]
      : []),
    {
      key: "groups",
      header: t("settings.users.groups"),
      cell: (employee) => employee.groups.map((group) => group.name).join(", ") || "—",
    },
  ];
  // A deactivated user may be reactivated; any other but oneself, deactivated.
  const questionAbout = (employee: Employee) =>
    !canUpdate ? null : employee.status === "deactivated" ? "reactivate" : employee.uuid !== me ? "deactivate" : null;
  if (canInvite || canUpdate) {
    columns.push({
      key: "actions",
      header: "",
      kind: "action",
      cell: (employee) => {
        const question = questionAbout(employee);
        return (
          <HStack gap="3" justify="flex-end" wrap="wrap">
            {canUpdate && (
              <TableLink
                href={usersUrl({ ...state, panel: "edit", user: employee.uuid })}
                label={t("settings.users.editUser", { name: fullName(employee) })}
              >
                {t("settings.users.edit")}
              </TableLink>
            )}
            {canInvite && employee.status === "invited" && (
              <RowButton
                action={usersUrl(state)}
                name="user"
                value={employee.uuid}
                intent="resend"
                label={t("settings.users.resendUser", { name: fullName(employee) })}
              >
                {t("settings.users.resend")}
              </RowButton>
            )}
            {question && (
              <TableLink
                href={usersUrl({ ...state, confirm: question, user: employee.uuid })}
                label={t(`settings.users.${question}User`, { name: fullName(employee) })}
              >
                {t(`settings.users.${question}`)}
              </TableLink>
            )}
          </HStack>
        );
      },
    });
  }
  const { page: _page, ...kept } = state;
  // Each filter chooses one value, or all (its first option); roles only for those who see them.
  const filters = [
    {
      name: "status" as const,
      label: t("settings.users.status"),
      all: t("settings.users.allStatuses"),
      options: (["invited", "active", "deactivated"] as const).map((status) => ({
        value: status,
        label: t(`settings.users.statuses.${status}`),
      })),
    },
    ...(seesRoles
      ? [
          {
            name: "role" as const,
            label: t("settings.users.role"),
            all: t("settings.users.allRoles"),
            options: roles.map((role) => ({ value: role.uuid, label: roleName(role.name) })),
          },
        ]
      : []),
    {
      name: "group" as const,
      label: t("settings.users.groups"),
      all: t("settings.users.allGroups"),
      options: groups.map((group) => ({ value: group.uuid, label: group.name })),
    },
  ];
  return (
    <Page>
      <PageHeader
        title={t("settings.users.title")}
        actions={
          canInvite && (
            <ButtonLink variant="primary" to={usersUrl({ ...state, panel: "invite" })}>
              {t("settings.users.invite")}
            </ButtonLink>
          )
        }
      />
      <FilterBar action={usersUrl()} searchDelayMs={USER_SEARCH_DELAY_MS}>
        <SearchInput name="q" defaultValue={params.q} />
        {filters.map((filter) => (
          <FilterSelect
            key={filter.name}
            name={filter.name}
            label={filter.label}
            defaultValue={params[filter.name]}
            options={[{ value: "", label: filter.all }, ...filter.options]}
          />
        ))}
      </FilterBar>
      <Box data-testid="users">
        <DataTable
          columns={columns}
          rows={page.content}
          rowKey={(employee) => employee.uuid}
          rowId={(employee) => `user-${employee.uuid}`}
          empty={<Text color="fg.muted">{t("settings.users.noUsers")}</Text>}
        />
      </Box>
      <ListFooter
        page={params.page}
        lastPage={lastPage}
        pageSize={USERS_PAGE_SIZE}
        total={page.totalElements}
        exact
        pageTo={(number) => usersUrl({ ...kept, page: number })}
        goTo={{
          to: usersUrl({ ...state, goto: "1" }),
          state: goTo,
          action: usersUrl(),
          keep: kept,
          closeTo: usersUrl(state),
        }}
      />
    </Page>
  );
}
