import type { ExportStatus, ImportDto, ImportStatus } from "../../../server/contract/bulk-data.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useLanguage } from "../../utils/i18n.ts";
import { formatNumber } from "../../utils/numbers.ts";
import { useTranslation } from "../../utils/translation.tsx";

const palettes: Record<ImportStatus | ExportStatus, "gray" | "teal" | "red"> = {
  importing: "teal",
  exporting: "teal",
  success: "teal",
  ready: "teal",
  failed: "red",
  stopped: "gray",
  no_operation: "gray",
  unknown: "gray",
  expired: "gray",
};

/** An import's or export's status (spec §4 Import); an import whose columns are being mapped has none yet. */
export function BulkStatusBadge({ status }: { status: ImportStatus | ExportStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return <StatusBadge testId="bulk-status">{t("bulk.imports.notStarted")}</StatusBadge>;
  return (
    <StatusBadge palette={palettes[status]} testId="bulk-status">
      {t(`bulk.status.${status}`)}
    </StatusBadge>
  );
}

/** How far an import has come, or what it did: "12 of 40 rows", "3 created, 2 updated, 1 failed". */
export function useImportCounts(): (item: ImportDto) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (item) => {
    if (item.status === null) {
      return item.totalRows === null
        ? ""
        : t("bulk.imports.rowsInFile", { count: item.totalRows, rows: n(item.totalRows) });
    }
    if (item.status === "importing" && item.totalRows === null) return t("bulk.imports.queued");
    if (item.status === "importing") {
      return t("bulk.imports.processedOf", { processed: n(item.processedRows), total: n(item.totalRows ?? 0) });
    }
    const parts = [
      t("bulk.imports.createdCount", { value: n(item.created) }),
      t("bulk.imports.updatedCount", { value: n(item.updated) }),
      ...(item.unchanged ? [t("bulk.imports.unchangedCount", { value: n(item.unchanged) })] : []),
      t("bulk.imports.failedCount", { value: n(item.failed) }),
    ];
    return parts.join(", ");
  };
}
