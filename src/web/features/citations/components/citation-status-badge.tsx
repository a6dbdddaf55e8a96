import type { CitationStatus } from "@shared/citations/citations.schema";
import { AlarmClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";

export const CITATION_STATUS_TONES = {
  open: "info",
  paid: "success",
  disputed: "warning",
  dismissed: "neutral",
} as const satisfies Record<CitationStatus, string>;

export function CitationStatusBadge({ status, className }: { status: CitationStatus; className?: string }) {
  const { t } = useTranslation("citations");
  return (
    <Badge tone={CITATION_STATUS_TONES[status]} className={className} data-testid="citation-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Open past the due date. */
export function OverdueBadge({ className }: { className?: string }) {
  const { t } = useTranslation("citations");
  return (
    <Badge tone="danger" className={`gap-1 ${className ?? ""}`} data-testid="citation-overdue">
      <AlarmClock className="size-3" aria-hidden />
      {t("overdue")}
    </Badge>
  );
}
