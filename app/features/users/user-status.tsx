import type { UserStatus } from "../../../server/contract/user-statuses.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useTranslation } from "../../utils/translation.tsx";

const palettes = { invited: "gray", active: "teal", deactivated: "red" } as const;

/** A user's status as a badge in the page's language: invited, active or deactivated. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge palette={palettes[status]} testId="user-status">
      {t(`settings.users.statuses.${status}`)}
    </StatusBadge>
  );
}
