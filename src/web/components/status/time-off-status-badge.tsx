import type { TimeOffStatus } from "@shared/calendar/time-off.schema";
import { useTranslation } from "react-i18next";
import { Badge } from "../ui/badge";

const TONES = {
  pending: "warning",
  approved: "success",
  denied: "danger",
  cancelled: "neutral",
} as const satisfies Record<TimeOffStatus, string>;

export function TimeOffStatusBadge({ status }: { status: TimeOffStatus }) {
  const { t } = useTranslation("calendar");
  return (
    <Badge tone={TONES[status]} data-testid="time-off-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
