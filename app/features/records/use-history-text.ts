import type { EntityInfo, MetaStatus, TransactionDto } from "../../../server/contract/records.ts";
import { valueText } from "../../components/value-text.ts";
import { useDateSettings } from "../../utils/date-settings.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { fieldLabel, statusName } from "./field-labels.ts";
import { historyText } from "./history.ts";

/** How a record's history entries read: who did what, and each change with the fields' labels and values shown. */
export function useHistoryText(info: EntityInfo, statuses: MetaStatus[]) {
  const { t } = useTranslation();
  const settings = { ...useDateSettings(), yes: t("common.yes"), no: t("common.no") };
  const label = (key: string) => {
    if (key === "statusId") return t("records.status");
    if (key === "connection") return t("links.connection");
    if (key === "role") return t("links.role");
    const field = info.fields.find((f) => f.key === key);
    return field ? fieldLabel(field, settings.language) : key;
  };
  return (entry: TransactionDto) => {
    const who = entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : t("history.someone");
    const text = historyText(entry.changes, label, entry.action, (key, value) => {
      if (key === "role") return t(`links.roles.${value}`, { defaultValue: String(value) });
      if (key === "statusId") return statusName(statuses, String(value), settings.language) || String(value);
      const field = info.fields.find((f) => f.key === key);
      const shown = field ? valueText(field, value, settings) : "";
      return shown || (Array.isArray(value) ? value.join(", ") : String(value));
    });
    const title = t(`history.${entry.action}`, { name: who });
    // A change merged from a web form's submission says so under who made it.
    const from = entry.source?.type === "form" ? t("history.fromForm", { form: entry.source.name }) : null;
    return { title, text: from ? `${from}\n${text}` : text };
  };
}
