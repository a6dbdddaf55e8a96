import type { ClaimStatus } from "@shared/accidents/accidents.schema";
import { HeartPulse } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";

const TONES = { open: "warning", closed: "success" } as const satisfies Record<ClaimStatus, string>;

export function ClaimStatusBadge({ status, className }: { status: ClaimStatus; className?: string }) {
  const { t } = useTranslation("accidents");
  return (
    <Badge tone={TONES[status]} className={className} data-testid="claim-status">
      {t(`claimStatus.${status}`)}
    </Badge>
  );
}

export function InjuriesBadge({ className }: { className?: string }) {
  const { t } = useTranslation("accidents");
  return (
    <Badge tone="danger" className={`gap-1 ${className ?? ""}`}>
      <HeartPulse className="size-3" aria-hidden />
      {t("injuriesBadge")}
    </Badge>
  );
}
