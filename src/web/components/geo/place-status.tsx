import type { PlaceLookup } from "@shared/geo/geo.schema";
import { MapPinCheck, MapPinX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";

/**
 * Under a typed address: "Placed: Chicago, IL 60632 (ZIP) · America/Chicago", or a clear warning that
 * it cannot be placed (never silent, issue 40). Announced politely as it changes.
 */
export function PlaceStatus({
  place,
  className,
  testId,
}: {
  place: PlaceLookup | undefined;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("geo");
  return (
    <p
      role="status"
      aria-live="polite"
      className={cn("flex min-h-5 items-start gap-1.5 text-sm", className)}
      data-testid={testId}
      data-place={place?.status ?? "none"}
    >
      {place?.status === "placed" ? (
        <>
          <MapPinCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
          <span className="min-w-0 break-words text-slate-600">
            {t("place.placed", {
              label: place.label,
              precision: t(`precision.${place.precision}`),
              zone: place.timeZone ?? t("place.noZone"),
            })}
          </span>
        </>
      ) : place?.status === "unplaced" ? (
        <>
          <MapPinX className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          <span className="min-w-0 break-words font-medium text-amber-800">{t("place.unplaced")}</span>
        </>
      ) : null}
    </p>
  );
}

/** A saved row's place as a small badge on a list ("Placed · ZIP", "Not placed", "Placing…"). */
export function PlaceBadge({
  status,
  precision,
}: {
  status: "placed" | "unplaced" | "pending" | "skipped";
  precision: "rooftop" | "street" | "zip" | "city" | null;
}) {
  const { t } = useTranslation("geo");
  if (status === "skipped") return null;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        status === "placed" && "bg-emerald-50 text-emerald-800",
        status === "unplaced" && "bg-amber-50 text-amber-800",
        status === "pending" && "bg-slate-100 text-slate-700",
      )}
      data-testid="place-badge"
      data-place={status}
    >
      {status === "placed" ? <MapPinCheck className="size-3.5" aria-hidden /> : null}
      {status === "unplaced" ? <MapPinX className="size-3.5" aria-hidden /> : null}
      {status === "placed" && precision
        ? t("badge.placedAs", { precision: t(`precision.${precision}`) })
        : t(`badge.${status}`)}
    </span>
  );
}
