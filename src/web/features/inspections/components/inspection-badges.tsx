import type { InspectionStatus, InspectionType } from "@shared/inspections/inspections.schema";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";

/** One colour per overall status, the same on every screen. */
export const INSPECTION_STATUS_STYLES: Record<InspectionStatus, { badge: string; dot: string }> = {
  pass: { badge: "bg-emerald-100 text-emerald-800", dot: "bg-emerald-500" },
  needs_repair: { badge: "bg-amber-100 text-amber-800", dot: "bg-amber-500" },
  fail: { badge: "bg-red-100 text-red-800", dot: "bg-red-500" },
};

export function InspectionStatusBadge({
  status,
  className,
}: {
  status: InspectionStatus;
  className?: string;
}) {
  const { t } = useTranslation("inspections");
  const style = INSPECTION_STATUS_STYLES[status];
  return (
    <Badge className={cn("gap-1.5 whitespace-nowrap", style.badge, className)} data-status={status}>
      <span className={cn("size-1.5 rounded-full", style.dot)} aria-hidden />
      {t(`status.${status}`)}
    </Badge>
  );
}

export function InspectionTypeBadge({ type, className }: { type: InspectionType; className?: string }) {
  const { t } = useTranslation("inspections");
  return (
    <Badge tone="neutral" className={cn("whitespace-nowrap", className)}>
      {t(`types.${type}`)}
    </Badge>
  );
}

/** "Truck 101" / "Trailer T-202" in the user's language. */
export function useAssetName() {
  const { t } = useTranslation("inspections");
  return (asset: { assetType: "vehicle" | "trailer"; assetLabel: string }) =>
    t(asset.assetType === "vehicle" ? "asset.truckNamed" : "asset.trailerNamed", { label: asset.assetLabel });
}

/** Make and model, or the trailer's size and type (translated). */
export function useAssetDescription() {
  const { t } = useTranslation("inspections");
  return (asset: { description: string; trailerType: string | null }) =>
    [
      asset.description,
      asset.trailerType ? t(`trailerTypes.${asset.trailerType}`, { defaultValue: asset.trailerType }) : "",
    ]
      .filter(Boolean)
      .join(" · ");
}
