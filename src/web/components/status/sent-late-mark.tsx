import { LATE_SYNC_MINUTES } from "@shared/sync/sync.schema";
import { CloudUpload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { formatDateTime, formatTime } from "../../lib/format";

/**
 * "Sent late · received 10:42" (issue 41): a record the driver's phone kept offline and sent more than
 * LATE_SYNC_MINUTES after it happened. Its own time stays the one shown beside it; this says when it
 * reached us (the day too when it is not the same day), both in full on hover.
 */
export function SentLateMark({
  record,
  className,
}: {
  record: { occurredAt?: string | null; receivedAt?: string | null; late?: boolean };
  className?: string;
}) {
  const { t } = useTranslation("common");
  const { occurredAt, receivedAt, late } = record;
  if (!late || !occurredAt || !receivedAt) return null;
  const sameDay = new Date(occurredAt).toDateString() === new Date(receivedAt).toDateString();
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset",
        className,
      )}
      title={t("sync.sentLateTitle", {
        occurred: formatDateTime(occurredAt),
        received: formatDateTime(receivedAt),
        minutes: LATE_SYNC_MINUTES,
      })}
      data-testid="sent-late"
    >
      <CloudUpload className="size-3.5 shrink-0" aria-hidden />
      {t("sync.sentLate", { time: sameDay ? formatTime(receivedAt) : formatDateTime(receivedAt) })}
    </span>
  );
}
