import {
  type ParkingReservation,
  parkingReservationInputSchema,
  RESERVATION_OVERLAP_CODE,
  type ReservationConflict,
} from "@shared/parking/parking.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AmountField,
  DateField,
  NotesField,
  TextField,
  TruckDriverFields,
} from "../../../components/money-entry/entry-fields";
import { MoneyEntryDialog } from "../../../components/money-entry/money-entry-dialog";
import { useEntryForm } from "../../../components/money-entry/use-entry-form";
import { Alert } from "../../../components/ui/feedback";
import { isApiError } from "../../../lib/api-errors";
import { localInputToIso, toLocalInput } from "../../../lib/datetime";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSaveReservation } from "../api/parking";
import { useParkingMessages } from "../parking-messages";

interface Values {
  location: string;
  startsAt: string;
  endsAt: string;
  cost: string;
  notes: string;
  vehicleId: string;
  driverId: string;
}
const FIELDS = ["location", "startsAt", "endsAt", "cost", "notes", "vehicleId", "driverId"] as const;

const fromReservation = (r: ParkingReservation | null): Values => ({
  location: r?.location ?? "",
  startsAt: toLocalInput(r?.startsAt ?? null),
  endsAt: toLocalInput(r?.endsAt ?? null),
  cost: r?.cost ?? "",
  notes: r?.notes ?? "",
  vehicleId: r?.vehicleId ?? "",
  driverId: r?.driverId ?? "",
});

/** Reserve or move a parking spot for a truck; an overlap with its other reservations is explained. */
export function ReservationFormDialog({
  open,
  reservation,
  onOpenChange,
}: {
  open: boolean;
  reservation: ParkingReservation | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("parking");
  const messages = useParkingMessages();
  const save = useSaveReservation(reservation?.id);
  const [clash, setClash] = useState<ReservationConflict | null>(null);
  /** The truck's label as shown in its picker: the overlap message names it when the server does not. */
  const [vehicleLabel, setVehicleLabel] = useState<string | undefined>();
  const entry = useEntryForm<Values>({
    open,
    onOpenChange,
    record: reservation,
    values: () => fromReservation(reservation),
    fields: FIELDS,
    messages,
    pending: save.isPending,
    onOpened: () => {
      setClash(null);
      setVehicleLabel(reservation?.vehicleLabel ?? undefined);
    },
    onClosed: save.reset,
  });
  const { watch, setError } = entry.form;
  const startsAt = watch("startsAt");
  const endsAt = watch("endsAt");
  const hours =
    startsAt && endsAt ? (new Date(endsAt).getTime() - new Date(startsAt).getTime()) / 3_600_000 : Number.NaN;

  const overlapText = (c: ReservationConflict) =>
    t("reservations.overlapText", {
      vehicle: c.vehicleLabel ?? vehicleLabel ?? "",
      location: c.location,
      from: formatDateTime(c.startsAt),
      to: formatDateTime(c.endsAt),
    });

  const onSubmit = (values: Values) => {
    entry.form.clearErrors();
    setClash(null);
    const body = {
      ...values,
      startsAt: localInputToIso(values.startsAt),
      endsAt: localInputToIso(values.endsAt),
    };
    const parsed = parkingReservationInputSchema.safeParse(body);
    if (!parsed.success) {
      const missing =
        !values.location.trim() ||
        !values.startsAt ||
        !values.endsAt ||
        !values.cost.trim() ||
        !values.vehicleId;
      return entry.refuse(
        parsed.error,
        {
          title: missing ? t("common:errors.missingInformation") : t("reservations.failed"),
          description: t("common:errors.missingInformationText"),
        },
        { lastIssueWins: true },
      );
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        notify({
          title: t("reservations.saved"),
          description: t("reservations.savedText", {
            vehicle: saved.vehicleLabel ?? "",
            location: saved.location,
            from: formatDateTime(saved.startsAt),
            to: formatDateTime(saved.endsAt),
          }),
          variant: "success",
        });
        entry.close(false);
      },
      onError: (error) => {
        if (isApiError(error, 409, RESERVATION_OVERLAP_CODE)) {
          const found = (error.details as { conflict?: ReservationConflict } | undefined)?.conflict;
          const text = found ? overlapText(found) : messages.error(error);
          if (found) setClash(found);
          // Both times marked (blank: the alert under them says why).
          setError("startsAt", { type: "server", message: " " });
          setError("endsAt", { type: "server", message: " " });
          notify({ title: t("reservations.overlapTitle"), description: text, variant: "error" });
          return;
        }
        entry.fail(error, t("reservations.failed"));
      },
    });
  };

  return (
    <MoneyEntryDialog
      entry={entry}
      open={open}
      title={t(reservation ? "reservations.editTitle" : "reservations.newTitle")}
      description={t("reservations.formDescription")}
      testId="reservation-form"
      onSubmit={onSubmit}
      submitLabel={t(reservation ? "reservations.submitEdit" : "reservations.submitNew")}
      submitTestId="reservation-submit"
    >
      <TruckDriverFields
        entry={entry}
        vehicle={{
          label: t("fields.vehicle"),
          selectedLabel: reservation?.vehicleLabel,
          placeholder: t("reservations.chooseVehicle"),
          onPicked: (label) => {
            setVehicleLabel(label);
            setClash(null);
          },
        }}
        driver={{
          label: t("fields.driver"),
          selectedLabel: reservation?.driverName,
          placeholder: t("reservations.chooseDriver"),
        }}
      />
      <TextField
        entry={entry}
        name="location"
        required
        maxLength={160}
        label={t("fields.reservationLocation")}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DateField entry={entry} name="startsAt" withTime label={t("fields.startsAt")} />
        <DateField
          entry={entry}
          name="endsAt"
          withTime
          min={startsAt || undefined}
          label={t("fields.endsAt")}
          hint={hours > 0 ? t("reservations.duration", { hours: formatNumber(hours, 1) }) : undefined}
        />
      </div>
      {clash ? (
        <Alert tone="danger">
          <span data-testid="reservation-overlap">{overlapText(clash)}</span>
        </Alert>
      ) : null}
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <AmountField entry={entry} name="cost" label={t("fields.cost")} />
        <NotesField
          entry={entry}
          name="notes"
          label={t("fields.notes")}
          rows={1}
          maxLength={500}
          className="sm:col-span-2"
        />
      </div>
    </MoneyEntryDialog>
  );
}
