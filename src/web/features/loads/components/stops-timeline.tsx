import type { LoadDetail } from "@shared/loads/loads.schema";
import { Clock, PackageCheck, PackagePlus, Phone, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";

/** The route in order: each stop's place, address, appointment and who to call. */
export function StopsTimeline({ stops }: { stops: LoadDetail["stops"] }) {
  const { t } = useTranslation("loads");
  const ordered = [...stops].sort((a, b) => a.sequence - b.sequence);
  return (
    <ol className="grid" data-testid="stops-timeline">
      {ordered.map((stop, index) => {
        const pickup = stop.type === "pickup";
        const Icon = pickup ? PackagePlus : PackageCheck;
        const last = index === ordered.length - 1;
        return (
          <li key={stop.id} className="relative flex gap-4 pb-6 last:pb-0" data-testid={`stop-view-${index}`}>
            {last ? null : <span className="absolute left-4 top-9 bottom-0 w-px bg-slate-200" aria-hidden />}
            <span
              className={cn(
                "relative grid size-8 shrink-0 place-items-center rounded-full text-white ring-4 ring-white",
                pickup ? "bg-sky-600" : "bg-emerald-600",
              )}
              aria-hidden
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {t("stops.title", { n: index + 1 })} · {t(`stops.type.${stop.type}`)}
              </p>
              <p className="mt-0.5 font-medium text-slate-900">{stop.locationName}</p>
              <p className="text-sm text-slate-600">
                {stop.address}
                <br />
                {stop.city}, {stop.state} {stop.postalCode}
              </p>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                <span className="inline-flex items-center gap-1.5">
                  <Clock className="size-4 text-slate-400" aria-hidden />
                  <time dateTime={stop.scheduledAt}>{formatDateTime(stop.scheduledAt)}</time>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <User className="size-4 text-slate-400" aria-hidden />
                  {stop.contactName}
                </span>
                <a
                  href={`tel:${stop.contactPhone.replace(/[^\d+]/g, "")}`}
                  className="inline-flex min-h-8 items-center gap-1.5 text-brand-700 hover:underline"
                >
                  <Phone className="size-4" aria-hidden />
                  {stop.contactPhone}
                </a>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
