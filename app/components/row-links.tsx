import { Button, HStack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "../utils/translation.tsx";
import { type DataTableColumn, TableLink } from "./data-table.tsx";

/** A link at a row's end to a panel or question about the row; `label` names the row for screen readers. */
export interface RowLink {
  href: string;
  label: string;
  text: string;
}

/**
 * A table's last column: each row's links (Edit, Delete, …), at the row's end. `links` gives a row's links (`false`
 * for one the user may not follow there); a table whose user may do nothing there leaves the column out.
 */
export function rowLinksColumn<Row>(links: (row: Row) => (RowLink | false)[]): DataTableColumn<Row> {
  return {
    key: "actions",
    header: "",
    kind: "action",
    cell: (row) => {
      const shown = links(row).filter((link) => link !== false);
      return (
        shown.length > 0 && (
          <HStack gap="3" justify="flex-end">
            {shown.map((link) => (
              <TableLink key={link.href} href={link.href} label={link.label}>
                {link.text}
              </TableLink>
            ))}
          </HStack>
        )
      );
    },
  };
}

/**
 * A row's Edit and Delete: links to its edit panel (`panel=edit`) and to the question before deleting it
 * (`confirm=delete`), at the addresses `to` gives, with the labels that name the row. `edit` is another word for Edit
 * (Rename).
 */
export function useEditDeleteLinks() {
  const { t } = useTranslation();
  return (
    to: (state: { panel: "edit" } | { confirm: "delete" }) => string,
    labels: { edit: string; delete: string },
    edit: string = t("common.edit"),
  ): RowLink[] => [
    { href: to({ panel: "edit" }), label: labels.edit, text: edit },
    { href: to({ confirm: "delete" }), label: labels.delete, text: t("common.delete") },
  ];
}

/**
 * Links of a row named `name`, from translation keys: `label` (given the name) for screen readers, and `text`.
 *
 *     const link = linkFor(group.name);
 *     [link(groupMembersUrl(group.uuid), "settings.groups.membersOf", "settings.groups.showMembers")]
 */
export function useRowLink() {
  const { t } = useTranslation();
  return (name: string) =>
    (href: string, label: string, text: string): RowLink => ({ href, label: t(label, { name }), text: t(text) });
}

/**
 * A button at a row's end that posts `intent` about the row (the field `name` with the row's `value`) to `action`:
 * a plain form, so it works without JavaScript. `label` names the row for screen readers.
 */
export function RowButton({
  action,
  name,
  value,
  intent,
  label,
  children,
}: {
  action: string;
  name: string;
  value: string;
  intent: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name={name} value={value} />
      <Button type="submit" name="intent" value={intent} size="xs" variant="outline" aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}
