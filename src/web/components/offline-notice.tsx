import { CloudOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";
import { formatTimeOrDateTime } from "../lib/format";
import { isUnreachable, useOnline } from "../lib/use-online";

/** The part of a query the notice reads: what is shown, when the server sent it, how the last ask went. */
export type ShownAnswer = { data: unknown; dataUpdatedAt: number; error: unknown };

/**
 * The quiet line over a screen that shows what was saved on the phone because the network failed
 * (decision 062): "Offline — showing what was saved at 07:42". Nothing while the answer is live.
 */
export function OfflineNotice({ shown, className }: { shown: ShownAnswer; className?: string }) {
  const { t } = useTranslation("common");
  const online = useOnline();
  if (shown.data === undefined || !shown.dataUpdatedAt) return null;
  if (online && !isUnreachable(shown.error)) return null;
  return (
    <p
      role="status"
      className={cn(
        "flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700",
        className,
      )}
      data-testid="offline-notice"
    >
      <CloudOff className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <span>{t("offline.showingSaved", { time: formatTimeOrDateTime(shown.dataUpdatedAt) })}</span>
    </p>
  );
}
