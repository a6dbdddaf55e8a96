import type { LoadDetail, Stop } from "@shared/loads/loads.schema";
import { type CheckInEvent, nextCheckIn } from "@shared/loads/stops.schema";
import { CircleCheck, Clock, Navigation, Phone } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { describeError, isApiError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { isQueued } from "../../../lib/outbox/outbox";
import { notifyQueued, useOutbox } from "../../../lib/outbox/use-outbox";
import { withWaitingCheckIns } from "../../../lib/stop-check-in";
import { notify } from "../../../lib/toast";
import { useCheckIn } from "../api/stop-check-ins";
import { DeliverWithProofDialog } from "./driver-load-actions";
import { AppointmentText, checkInLabel, mapsUrl, telHref } from "./stop-parts";

/** The stop the driver is heading to or at: the first one not yet left. */
export function nextStopOf(load: LoadDetail): Stop | null {
  return [...load.stops].sort((a, b) => a.sequence - b.sequence).find((s) => nextCheckIn(s)) ?? null;
}

/**
 * Whether the driver may check in now: an accepted load on its way, or a load already delivered
 * while its driver is still at the last dock (the unload and the departure there are still taken).
 */
const takesCheckIns = (load: LoadDetail, stop: Stop, last: boolean) =>
  load.status === "in_progress" ||
  (load.status === "completed" && last && !!stop.arrivedAt) ||
  (load.status === "assigned" && !!load.acceptedAt);

/**
 * The driver's next stop, always on top: where (a maps link that opens navigation), when, who to
 * call, the references to give at the dock, and the one check-in it expects next. The last stop
 * takes its departure like every other (detention at the receiver runs to it); leaving it delivers
 * the load, so it asks for the BOL or POD first when none is on file — unless the company completes
 * loads on the POD's upload, which the card then says.
 */
export function NextStopCard({ load: given }: { load: LoadDetail }) {
  const { t } = useTranslation("loads");
  const checkIn = useCheckIn(given.id);
  // Check-ins done offline count as done here (with the time tapped) until they are sent.
  const { entries } = useOutbox();
  const load = withWaitingCheckIns(given, entries);
  const waiting = entries.filter(
    (e) => e.kind === "check-in" && e.state !== "refused" && e.subject.loadId === load.id,
  );
  const [proofOpen, setProofOpen] = useState(false);
  const stop = nextStopOf(load);
  if (!stop || load.status === "cancelled" || load.status === "pending") return null;
  const event = nextCheckIn(stop);
  const ordered = [...load.stops].sort((a, b) => a.sequence - b.sequence);
  const index = ordered.indexOf(stop);
  const last = index === ordered.length - 1;
  const canCheckIn = takesCheckIns(load, stop, last) && event !== null;
  if (load.status === "completed" && !canCheckIn) return null;

  const send = () =>
    checkIn.mutateAsync({ stopId: stop.id, event: event ?? "arrived" }).then(
      (answer) => {
        if (isQueued(answer)) {
          notifyQueued(t);
          return true;
        }
        notify({
          title: t("checkIn.recorded", { event: checkInLabel(t, event ?? "arrived", stop.type) }),
          variant: "success",
        });
        return true;
      },
      (error: unknown) => {
        if (isApiError(error, 409, "BOL_REQUIRED")) {
          setProofOpen(true);
          return false;
        }
        notify({ title: t("actions.failed"), description: describeError(error, t), variant: "error" });
        return false;
      },
    );

  return (
    <section
      aria-labelledby={`next-stop-${load.id}`}
      className="rounded-xl border-2 border-brand-200 bg-brand-50/50 p-4"
      data-testid="next-stop"
    >
      <p id={`next-stop-${load.id}`} className="text-xs font-semibold uppercase tracking-wide text-brand-800">
        {t("checkIn.nextStop", { n: index + 1, total: ordered.length })} · {t(`stops.type.${stop.type}`)}
      </p>
      <p className="mt-1 text-lg font-semibold text-slate-900">{stop.locationName}</p>
      <p className="text-sm text-slate-700">
        <AppointmentText stop={stop} />
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {stop.address}, {stop.city}, {stop.state} {stop.postalCode}
      </p>
      {last && load.status !== "completed" && stop.arrivedAt ? (
        <p className="mt-2 text-sm font-medium text-brand-900" data-testid="last-stop-hint">
          {t(load.completesOn === "pod" ? "checkIn.lastStopPod" : "checkIn.lastStopDeparture")}
        </p>
      ) : null}
      {waiting.map((e) => {
        const at = load.stops.find((s) => s.id === e.subject.stopId);
        return (
          <p
            key={e.id}
            className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-900"
            data-testid="check-in-waiting"
          >
            <Clock className="size-4 shrink-0" aria-hidden />
            {checkInLabel(t, e.subject.event as CheckInEvent, at?.type ?? stop.type)} ·{" "}
            <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time> · {t("common:outbox.waiting")}
          </p>
        );
      })}
      {stop.referenceNumber || stop.poNumber ? (
        <p className="mt-1 text-sm text-slate-700">
          {stop.referenceNumber ? `${t(`stops.reference.${stop.type}`)}: ${stop.referenceNumber}` : ""}
          {stop.referenceNumber && stop.poNumber ? " · " : ""}
          {stop.poNumber ? `${t("stops.fields.poNumber")}: ${stop.poNumber}` : ""}
        </p>
      ) : null}
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Button asChild variant="outline" className="h-12 text-base">
          <a href={mapsUrl(stop)} target="_blank" rel="noreferrer" data-testid="navigate">
            <Navigation aria-hidden />
            {t("checkIn.navigate")}
          </a>
        </Button>
        {stop.contactPhone ? (
          <Button asChild variant="outline" className="h-12 text-base">
            <a href={telHref(stop.contactPhone)} data-testid="call-stop">
              <Phone aria-hidden />
              {t("checkIn.callName", { name: stop.contactName || stop.contactPhone })}
            </a>
          </Button>
        ) : null}
        {canCheckIn && event ? (
          <Button
            className="h-12 text-base"
            onClick={() => void send()}
            disabled={checkIn.isPending}
            data-testid={`check-in-${event}`}
          >
            {checkIn.isPending ? <Spinner className="text-current" /> : <CircleCheck aria-hidden />}
            {t(
              `checkIn.action.${event === "done" ? (stop.type === "pickup" ? "loaded" : "unloaded") : event}`,
            )}
          </Button>
        ) : null}
      </div>
      <DeliverWithProofDialog
        load={load}
        open={proofOpen}
        onOpenChange={setProofOpen}
        deliver={send}
        delivering={checkIn.isPending}
      />
    </section>
  );
}
