import { MapPinOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyPanel } from "../../../components/ui/lazy";
import { cn } from "../../../lib/cn";
import { canDrawMaps } from "./map-style";
import type { MapViewProps } from "./map-view";

/** MapLibre and the clusterer download after the screen has rendered (decision 023), never with it. */
const MapView = lazyPanel(() => import("./map-view").then((m) => m.MapView));

/**
 * A map where the browser can draw one; otherwise a note saying why, and the screen's list (or text)
 * carries everything the map would have shown (decision 053).
 */
export function LazyMap({
  className,
  note,
  ...props
}: MapViewProps & {
  /** What to say instead of the map; null says nothing (the map was only an extra). */
  note?: string | null;
}) {
  const { t } = useTranslation("tracking");
  const [drawable, setDrawable] = useState(canDrawMaps);
  if (!drawable && note === null) return null;
  if (!drawable)
    return (
      <p
        className={cn(
          "flex items-start gap-2 rounded-md border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-600",
          className && "min-h-0",
        )}
        data-testid="map-unavailable"
      >
        <MapPinOff className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        <span>{note ?? t("map.noWebgl")}</span>
      </p>
    );
  return <MapView {...props} className={className} onFailed={() => setDrawable(false)} />;
}
