import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { getCollectionProps, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { PermissionMatrix } from "../../../server/contract/iam.ts";
import { type Operation, operations } from "../../../server/contract/identity.ts";
import { CheckLabel } from "../../components/check-label.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { SubmitButton } from "../../components/form-field.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { useRoleName } from "../../utils/role-name.ts";
import { useSchemaForm } from "../../utils/schema-form.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { grantValue, parsePermissionsForm, permissionsDefaults, permissionsFormSchema } from "./role-form.ts";
import type { RolePermissionsData } from "./roles.server.ts";
import { PERMISSIONS_FORM_ID, rolesUrl } from "./urls.ts";

type MatrixResource = PermissionMatrix["resources"][number];

/** What the administrator role always keeps: it is shown ticked, and cannot be unticked. */
const ADMIN_KEEPS = new Set([
  "System_Settings:Read",
  "System_Settings:Update",
  ...operations.map((op) => `Users:${op}`),
]);

/** A resource's name in the page's language: an entity's by its names, a feature's by the locale's. */
function useResourceName() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (resource: MatrixResource) =>
    resource.kind === "entity"
      ? ((language === "nb" ? resource.labelNb : resource.labelEn) ?? resource.resource)
      : t(`settings.roles.resources.${resource.resource}`, { defaultValue: resource.resource });
}

/**
 * A role's permission matrix (spec §6): every resource (each entity, built-in and custom, then the features) with a
 * checkbox for each of Create, Read, Update and Delete. It is one plain form whose Save posts every ticked box, with or
 * without JavaScript; the administrator role's access to the settings and users is shown, and stays.
 */
export function PermissionsScreen({
  matrix,
  canUpdate,
  lastResult,
}: RolePermissionsData & { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const resourceName = useResourceName();
  const [form, fields] = useSchemaForm(permissionsFormSchema, {
    shouldValidate: "onSubmit",
    id: PERMISSIONS_FORM_ID,
    lastResult,
    defaultValue: permissionsDefaults(matrix),
    parse: parsePermissionsForm,
  });
  const all = matrix.resources.flatMap((resource) =>
    operations.map((operation) => grantValue(resource.resource, operation)),
  );
  const boxes = new Map(
    getCollectionProps(fields.grants, { type: "checkbox", options: all }).map((box) => [box.value, box]),
  );
  const kept = (value: string) => matrix.role.administrator && ADMIN_KEEPS.has(value);

  const cell = (resource: MatrixResource, operation: Operation) => {
    const value = grantValue(resource.resource, operation);
    const { key, ...box } = boxes.get(value) ?? { key: value, name: fields.grants.name, value };
    const label = t("settings.roles.grant", {
      operation: t(`settings.roles.operations.${operation}`),
      resource: resourceName(resource),
    });
    if (kept(value)) {
      return (
        <CheckLabel title={t("settings.roles.kept")}>
          <input type="checkbox" checked readOnly disabled aria-label={label} />
          {/* A disabled box posts nothing: the value it stands for goes as it is. */}
          <input type="hidden" name={fields.grants.name} value={value} form={PERMISSIONS_FORM_ID} />
        </CheckLabel>
      );
    }
    return (
      <CheckLabel key={key}>
        <input {...box} aria-label={label} disabled={!canUpdate} data-testid={`grant-${value}`} />
      </CheckLabel>
    );
  };
  const columns = [
    {
      key: "resource",
      header: t("settings.roles.resource"),
      kind: "primary" as const,
      cell: (resource: MatrixResource) => resourceName(resource),
    },
    ...operations.map((operation) => ({
      key: operation,
      header: t(`settings.roles.operations.${operation}`),
      cell: (resource: MatrixResource) => cell(resource, operation),
    })),
  ];
  const groups = [
    { key: "entities", title: t("settings.roles.entities"), rows: matrix.resources.filter((r) => r.kind === "entity") },
    {
      key: "features",
      title: t("settings.roles.features"),
      rows: matrix.resources.filter((r) => r.kind === "feature"),
    },
  ];
  return (
    <Page>
      <PageHeader
        title={t("settings.roles.permissionsOf", { name: roleName(matrix.role.name) })}
        breadcrumb={{ label: t("settings.roles.title"), to: rolesUrl() }}
      />
      <Text color="fg.muted">{canUpdate ? t("settings.roles.matrixHint") : t("settings.roles.readOnlyHint")}</Text>
      <Form method="post" {...getFormProps(form)} noValidate>
        <Stack gap="6">
          {groups.map((group) => (
            <Stack key={group.key} gap="2" as="section" aria-label={group.title}>
              <Heading as="h2" size="md">
                {group.title}
              </Heading>
              <Box data-testid={`matrix-${group.key}`}>
                <DataTable
                  columns={columns}
                  rows={group.rows}
                  rowKey={(resource) => resource.resource}
                  rowId={(resource) => `resource-${resource.resource}`}
                  empty=""
                />
              </Box>
            </Stack>
          ))}
          {canUpdate && (
            <Box>
              <SubmitButton intent="save">{t("common.save")}</SubmitButton>
            </Box>
          )}
        </Stack>
      </Form>
    </Page>
  );
}
