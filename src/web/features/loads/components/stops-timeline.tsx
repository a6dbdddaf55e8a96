import type { LoadDetail, Stop } from "@shared/loads/loads.schema";
import { Clock, Hash, MapPin, PackageCheck, PackagePlus, Pencil, Phone, Timer, User } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useDecideDetention } from "../api/stop-check-ins";
import { AppointmentText, CheckInTimes, mapsUrl, telHref } from "./stop-parts";

const CorrectCheckInDialog = lazyDialog(() =>
  import("./correct-check-in-dialog").then((m) => m.CorrectCheckInDialog),
);

/**
 * The route in order: each stop's place (a maps link), its appointment, window or FCFS hours, the
 * references, who to call, the driver's check-ins and any detention. Staff correct a time and
 * accept or dismiss the detention a stop's times justify.
 */
export function StopsTimeline({ load, staff }: { load: LoadDetail; staff: boolean }) {
  const { t } = useTranslation("loads");
  const [correcting, setCorrecting] = useState<Stop | null>(null);
  const ordered = [...load.stops].sort((a, b) => a.sequence - b.sequence);
  return (
    <>
      <ol className="grid" data-testid="stops-timeline">
        {ordered.map((stop, index) => {
          const pickup = stop.type === "pickup";
          const Icon = pickup ? PackagePlus : PackageCheck;
          const last = index === ordered.length - 1;
          return (
            <li
              key={stop.id}
              className="relative flex gap-4 pb-6 last:pb-0"
              data-testid={`stop-view-${index}`}
            >
              {last ? null : (
                <span className="absolute left-4 top-9 bottom-0 w-px bg-slate-200" aria-hidden />
              )}
              <span
                className={cn(
                  "relative grid size-8 shrink-0 place-items-center rounded-full text-white ring-4 ring-white",
                  pickup ? "bg-sky-600" : "bg-emerald-600",
                  stop.departedAt && "bg-slate-400",
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
                <a
                  href={mapsUrl(stop)}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-start gap-1.5 text-sm text-slate-600 hover:text-brand-700 hover:underline"
                >
                  <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                  <span>
                    {stop.address}
                    <br />
                    {stop.city}, {stop.state} {stop.postalCode}
                  </span>
                </a>
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <span className="inline-flex items-center gap-1.5" data-testid="stop-appointment">
                    <Clock className="size-4 text-slate-500" aria-hidden />
                    <AppointmentText stop={stop} />
                  </span>
                  {stop.referenceNumber ? (
                    <span className="inline-flex items-center gap-1.5">
                      <Hash className="size-4 text-slate-500" aria-hidden />
                      {t(`stops.reference.${stop.type}`)}: {stop.referenceNumber}
                    </span>
                  ) : null}
                  {stop.poNumber ? (
                    <span className="inline-flex items-center gap-1.5">
                      <Hash className="size-4 text-slate-500" aria-hidden />
                      {t("stops.fields.poNumber")}: {stop.poNumber}
                    </span>
                  ) : null}
                  {stop.contactName ? (
                    <span className="inline-flex items-center gap-1.5">
                      <User className="size-4 text-slate-500" aria-hidden />
                      {stop.contactName}
                    </span>
                  ) : null}
                  {stop.contactPhone ? (
                    <a
                      href={telHref(stop.contactPhone)}
                      className="inline-flex min-h-8 items-center gap-1.5 text-brand-700 hover:underline"
                    >
                      <Phone className="size-4" aria-hidden />
                      {stop.contactPhone}
                    </a>
                  ) : null}
                </div>
                <CheckInTimes stop={stop} />
                {staff ? <Detention load={load} stop={stop} /> : null}
                {staff ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-1 -ms-2"
                    onClick={() => setCorrecting(stop)}
                    data-testid={`correct-stop-${index}`}
                  >
                    <Pencil aria-hidden />
                    {t("checkIn.correct")}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {correcting ? (
        <CorrectCheckInDialog
          load={load}
          stop={correcting}
          open
          onOpenChange={(open) => !open && setCorrecting(null)}
        />
      ) : null}
    </>
  );
}

/** Detention at a stop: proposed (accept onto the load or dismiss), accepted, or dismissed. */
function Detention({ load, stop }: { load: LoadDetail; stop: Stop }) {
  const { t } = useTranslation("loads");
  const decide = useDecideDetention(load.id);
  if (!stop.detentionStatus || !stop.detentionAmount) return null;
  const minutes = stop.detentionMinutes ?? 0;
  const over = t("detention.over", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const run = (decision: "accept" | "dismiss") =>
    decide.mutate(
      { stopId: stop.id, decision },
      {
        onSuccess: () =>
          notify({
            title: t(`detention.${decision}ed`, { amount: formatMoney(stop.detentionAmount) }),
            variant: "success",
          }),
        onError: (error) =>
          notify({ title: t("actions.failed"), description: describeError(error, t), variant: "error" }),
      },
    );
  return (
    <div
      className={cn(
        "mt-3 rounded-lg border p-3 text-sm",
        stop.detentionStatus === "proposed" ? "border-amber-200 bg-amber-50" : "border-slate-200 bg-slate-50",
      )}
      data-testid="detention"
    >
      <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
        <Timer className="size-4 text-amber-600" aria-hidden />
        {t(`detention.${stop.detentionStatus}`, { amount: formatMoney(stop.detentionAmount) })}
      </p>
      <p className="mt-0.5 text-slate-600">{over}</p>
      {stop.detentionStatus === "proposed" ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => run("accept")}
            disabled={decide.isPending}
            data-testid="accept-detention"
          >
            {t("detention.accept")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => run("dismiss")}
            disabled={decide.isPending}
            data-testid="dismiss-detention"
          >
            {t("detention.dismiss")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
