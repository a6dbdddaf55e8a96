import type { LoadDetail, Stop } from "@shared/loads/loads.schema";
import { CHECK_IN_EVENTS, type CheckInEvent } from "@shared/loads/stops.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useCorrectCheckIn } from "../api/stop-check-ins";
import { fromLocalInput, toLocalInput } from "./load-form-values";
import { CHECK_IN_COLUMNS, checkInLabel } from "./stop-parts";
import { useStopZoneHint } from "./stop-place-status";

/** Staff set a stop's check-in time (the driver forgot, or pressed late), with a reason on the timeline. */
export function CorrectCheckInDialog({
  load,
  stop,
  open,
  onOpenChange,
}: {
  load: LoadDetail;
  stop: Stop;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("loads");
  const correct = useCorrectCheckIn(load.id);
  const [event, setEvent] = useState<CheckInEvent>("arrived");
  const [at, setAt] = useState("");
  // Check-in times are typed in the stop's own zone, named under the field (issue 40).
  const zoneHint = useStopZoneHint();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const first = CHECK_IN_EVENTS.find((e) => !stop[CHECK_IN_COLUMNS[e]]) ?? "departed";
    setEvent(first);
    setAt(toLocalInput(stop[CHECK_IN_COLUMNS[first]] ?? new Date().toISOString(), stop.timeZone ?? ""));
    setReason("");
    setError(null);
  }, [open, stop]);

  const confirm = () =>
    correct.mutate(
      { stopId: stop.id, event, at: fromLocalInput(at, stop.timeZone ?? ""), reason },
      {
        onSuccess: () => {
          notify({ title: t("checkIn.corrected"), variant: "success" });
          onOpenChange(false);
        },
        onError: (e) => setError(describeError(e, t)),
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("checkIn.correctTitle", { name: stop.locationName })}
      description={t("checkIn.correctText")}
      confirmLabel={t("common:actions.save")}
      pending={correct.isPending}
      confirmDisabled={!reason.trim() || !at}
      onConfirm={confirm}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("checkIn.event")}>
          <Select
            value={event}
            onChange={(e) => {
              const next = e.target.value as CheckInEvent;
              setEvent(next);
              const current = stop[CHECK_IN_COLUMNS[next]];
              if (current) setAt(toLocalInput(current, stop.timeZone ?? ""));
            }}
            data-testid="correct-event"
          >
            {CHECK_IN_EVENTS.map((e) => (
              <option key={e} value={e}>
                {checkInLabel(t, e, stop.type)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t("checkIn.time")}
          error={error ?? undefined}
          hint={zoneHint(stop.timeZone ?? undefined, at)}
        >
          <Input
            type="datetime-local"
            value={at}
            onChange={(e) => setAt(e.target.value)}
            data-testid="correct-at"
          />
        </Field>
        <Field label={t("checkIn.reason")} className="sm:col-span-2" required>
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            maxLength={500}
            data-testid="correct-reason"
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
}
