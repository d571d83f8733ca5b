import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { companyContactRoles } from "../../../server/contract/links.ts";
import { FormField } from "../../components/form-field.tsx";
import { OptionSelect } from "../../components/option-select.tsx";
import { useTranslation } from "../../utils/translation.tsx";

/** The role of a company–contact link, always required (spec §5): the link panel's and a new contact's. */
export function RoleSelect({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  return (
    <FormField meta={meta} label={t("links.role")}>
      <OptionSelect
        {...getSelectProps(meta)}
        options={companyContactRoles.map((role) => ({ value: role, label: t(`links.roles.${role}`) }))}
        empty="—"
      />
    </FormField>
  );
}
