import { DataList, Stack, Text } from "@chakra-ui/react";
import { profileApi } from "../../server/contract/profile.api.ts";
import { DataTable } from "../components/data-table.tsx";
import { Page, PageHeader } from "../components/page-header.tsx";
import { permissionsInWords } from "../features/profile/permissions.server.ts";
import { requireUser } from "../middleware/auth.server.ts";
import { getInstance } from "../middleware/i18next.server.ts";
import { api } from "../utils/api.server.ts";
import { useLanguage } from "../utils/i18n.ts";
import { useRoleName } from "../utils/role-name.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/profile.information";

/** What the user may do (spec §2 /profile/information): their role, groups, and their role's permissions in words. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const profile = await api(context).call(profileApi.profile);
  return {
    title: getInstance(context).t("profile.information.title"),
    role: profile.role.name,
    companyAdmin: user.companyAdmin,
    groups: profile.groups.map((group) => group.name),
    permissions: permissionsInWords(user.permissions, profile.entities),
  };
}

export default function ProfileInformation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const roleName = useRoleName();
  const { role, companyAdmin, groups, permissions } = loaderData;
  return (
    <Page>
      <PageHeader title={t("profile.information.title")} />
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t("profile.information.role")}</DataList.ItemLabel>
          <DataList.ItemValue>{roleName(role)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t("profile.information.groups")}</DataList.ItemLabel>
          <DataList.ItemValue>
            {groups.length > 0 ? groups.join(", ") : t("profile.information.noGroups")}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Stack gap="2">
        <Text fontWeight="semibold">{t("profile.information.permissions")}</Text>
        {companyAdmin && (
          <Text color="fg.muted" fontSize="sm">
            {t("profile.information.companyAdmin")}
          </Text>
        )}
        <DataTable
          rows={permissions}
          rowKey={(row) => row.resource}
          empty={t("profile.information.noPermissions")}
          columns={[
            {
              key: "resource",
              header: t("profile.information.resource"),
              kind: "primary",
              cell: (row) =>
                row.entity
                  ? language === "nb"
                    ? row.entity.labelNb
                    : row.entity.labelEn
                  : t(`profile.information.resources.${row.resource}`, { defaultValue: row.resource }),
            },
            {
              key: "operations",
              header: t("profile.information.operations"),
              cell: (row) =>
                row.operations.map((operation) => t(`profile.information.operation.${operation}`)).join(", "),
            },
          ]}
        />
      </Stack>
    </Page>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Workspace` : "Workspace" }];
}
