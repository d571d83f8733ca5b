import { StatusBadge } from "../../components/status-badge.tsx";
import { useTranslation } from "../../utils/translation.tsx";

/** Whether visitors see the form (open) or a note that it is closed. */
export function OpenBadge({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge palette={open ? "teal" : "gray"} testId="form-open">
      {t(open ? "webForms.list.open" : "webForms.list.closed")}
    </StatusBadge>
  );
}

/** Whether an open form takes answers now. */
export function AcceptingBadge({ accepting }: { accepting: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge palette={accepting ? "teal" : "red"} testId="form-accepting">
      {t(accepting ? "webForms.view.accepting" : "webForms.view.notAccepting")}
    </StatusBadge>
  );
}

/** Who may answer: anyone with the link, or signed-in users only. */
export function accessibilityKey(accessibility: "open" | "login") {
  return accessibility === "login" ? "webForms.list.accessLogin" : "webForms.list.accessOpen";
}

export function ownerName(owner: { firstName: string; lastName: string } | null): string {
  return owner ? `${owner.firstName} ${owner.lastName}`.trim() : "";
}
