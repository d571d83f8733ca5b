import { Box } from "@chakra-ui/react";
import type { QueryResultPage, ResultColumn, ResultRow } from "../../../server/contract/advanced-search.ts";
import { columnLabel } from "../../../server/contract/advanced-search-texts.ts";
import type { FieldDefinition, FieldType } from "../../../server/contract/fields.ts";
import { standaloneField } from "../../../server/contract/standalone-field.ts";
import { DataTable, type DataTableColumn, TableLink } from "../../components/data-table.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { valueText } from "../../components/value-text.ts";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { screenOfEntity } from "../records/screens.ts";

/** A result column as the value formatting of record lists needs it. */
function fieldOf(column: ResultColumn): FieldDefinition {
  return standaloneField({
    key: column.field,
    labelEn: column.labelEn,
    labelNb: column.labelNb,
    type: column.type as FieldType,
    settings: { options: column.options },
  });
}

/**
 * A query's rows: columns in the page's language, values shown by type as the record lists show them, and the main
 * entity's first column linking to each row's record.
 */
export function ResultTable({
  result,
  mainEntity,
  testId,
}: {
  result: QueryResultPage;
  /** "crm.company": the entity each row is a record of. */
  mainEntity: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const settings = { ...dates, yes: t("common.yes"), no: t("common.no") };
  const joined = new Set(result.columns.map((column) => `${column.schemaName}.${column.tableName}`)).size > 1;
  const linked = result.columns.find((column) => `${column.schemaName}.${column.tableName}` === mainEntity);
  const columns: DataTableColumn<ResultRow>[] = result.columns.map((column) => {
    const field = fieldOf(column);
    const name = `${column.schemaName}.${column.tableName}`;
    const text = (row: ResultRow) => valueText(field, row.values[column.key], settings);
    return {
      key: column.key,
      header: columnLabel(column, dates.language, joined),
      kind: column === linked ? "primary" : undefined,
      cell: (row) => {
        const screen = column === linked ? screenOfEntity(column.schemaName, column.tableName) : undefined;
        const id = row.recordIds[name];
        const shown = text(row);
        return screen && id ? <TableLink href={`/${screen.path}/${id}`}>{shown || "—"}</TableLink> : shown;
      },
    };
  });
  return (
    <Box data-testid={testId} overflowX="auto">
      <DataTable
        columns={columns}
        rows={result.content}
        rowKey={(row) => Object.values(row.recordIds).join("-")}
        empty={<EmptyState title={t("advancedSearch.noRows")} />}
      />
    </Box>
  );
}
