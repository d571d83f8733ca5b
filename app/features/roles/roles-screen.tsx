import { Box, HStack, Text } from "@chakra-ui/react";
import type { RoleDto } from "../../../server/contract/iam.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { DataTable, TableLink } from "../../components/data-table.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { rowLinksColumn, useRowLink } from "../../components/row-links.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useRoleName } from "../../utils/role-name.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { RolesData } from "./roles.server.ts";
import { rolePermissionsUrl, rolesUrl } from "./urls.ts";

/**
 * The roles (spec §6): each with how many users hold it and its permissions' page; Copy for every role, Rename and
 * Delete for those that are not built in.
 */
export function RolesScreen({ roles, canUpdate }: RolesData) {
  const { t } = useTranslation();
  const linkFor = useRowLink();
  const roleName = useRoleName();
  const language = useLanguage();
  return (
    <Page>
      <PageHeader
        title={t("settings.roles.title")}
        actions={
          canUpdate && (
            <ButtonLink variant="primary" to={rolesUrl({ panel: "new" })}>
              {t("settings.roles.add")}
            </ButtonLink>
          )
        }
      />
      <Box data-testid="roles">
        <DataTable<RoleDto>
          rows={roles}
          rowKey={(role) => role.uuid}
          empty={<Text color="fg.muted">{t("settings.roles.noRoles")}</Text>}
          columns={[
            {
              key: "name",
              header: t("settings.roles.name"),
              kind: "primary",
              cell: (role) => (
                <HStack gap="2">
                  <TableLink href={rolePermissionsUrl(role.uuid)}>{roleName(role.name)}</TableLink>
                  {role.builtIn && <StatusBadge>{t("settings.roles.builtIn")}</StatusBadge>}
                </HStack>
              ),
            },
            { key: "users", header: t("settings.roles.users"), cell: (role) => formatNumber(role.users, language) },
            rowLinksColumn((role) => {
              const link = linkFor(roleName(role.name));
              // Built-in roles keep their names, and stay.
              const changeable = canUpdate && !role.builtIn;
              return [
                link(rolePermissionsUrl(role.uuid), "settings.roles.permissionsOf", "settings.roles.permissions"),
                canUpdate &&
                  link(rolesUrl({ panel: "copy", role: role.uuid }), "settings.roles.copyRole", "settings.roles.copy"),
                changeable &&
                  link(
                    rolesUrl({ panel: "rename", role: role.uuid }),
                    "settings.roles.renameRole",
                    "settings.roles.rename",
                  ),
                changeable &&
                  link(rolesUrl({ confirm: "delete", role: role.uuid }), "settings.roles.deleteRole", "common.delete"),
              ];
            }),
          ]}
        />
      </Box>
    </Page>
  );
}
