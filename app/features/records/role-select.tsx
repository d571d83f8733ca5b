import { NativeSelect } from "@chakra-ui/react";
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { companyContactRoles } from "../../../server/contract/links.ts";
import { FormField } from "../../components/form-field.tsx";
import { useTranslation } from "../../utils/translation.tsx";

/** The role of a company–contact link, always required (spec §5): the link panel's and a new contact's. */
export function RoleSelect({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  return (
    <FormField meta={meta} label={t("links.role")}>
      <NativeSelect.Root>
        <NativeSelect.Field {...getSelectProps(meta)}>
          <option value="">—</option>
          {companyContactRoles.map((role) => (
            <option key={role} value={role}>
              {t(`links.roles.${role}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
