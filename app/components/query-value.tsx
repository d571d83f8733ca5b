import { Table, Text } from "@chakra-ui/react";
import type { QueryResult } from "../../server/contract/custom-fields.ts";
import { useTranslation } from "../utils/translation.tsx";

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * A Query field's answer on a record page, read-only: one value as text, several rows as a small table, and "Query
 * failed." when its select failed (`null`).
 */
export function QueryValue({ result }: { result: QueryResult | null | undefined }) {
  const { t } = useTranslation();
  if (result === null) return <Text color="fg.error">{t("validation.queryFailed")}</Text>;
  if (!result || result.rows.length === 0) return <Text>—</Text>;
  if (result.columns.length === 1 && result.rows.length === 1) return <Text>{cellText(result.rows[0][0])}</Text>;
  return (
    <Table.Root size="sm" variant="outline">
      <Table.Header>
        <Table.Row>
          {result.columns.map((column) => (
            <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {result.rows.map((row, index) => (
          // Rows of a select have no identity of their own; their order is the select's.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Table.Row key={index}>
            {row.map((value, column) => (
              <Table.Cell key={result.columns[column]}>{cellText(value)}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
