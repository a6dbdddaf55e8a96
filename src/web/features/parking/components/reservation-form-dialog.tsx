import {
  type ParkingReservation,
  parkingReservationInputSchema,
  RESERVATION_OVERLAP_CODE,
  type ReservationConflict,
} from "@shared/parking/parking.schema";
import { useEffect, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DriverPicker, VehiclePicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
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
  const { register, handleSubmit, formState, setError, clearErrors, reset, control, watch } = useForm<Values>(
    {
      defaultValues: fromReservation(reservation),
    },
  );
  const errors = formState.errors;
  const vehicle = useController({ control, name: "vehicleId" }).field;
  const driver = useController({ control, name: "driverId" }).field;
  const [labels, setLabels] = useState<{ vehicle?: string; driver?: string }>({});
  const [clash, setClash] = useState<ReservationConflict | null>(null);
  const startsAt = watch("startsAt");
  const endsAt = watch("endsAt");
  const hours =
    startsAt && endsAt ? (new Date(endsAt).getTime() - new Date(startsAt).getTime()) / 3_600_000 : Number.NaN;

  useEffect(() => {
    if (!open) return;
    reset(fromReservation(reservation));
    setLabels({
      vehicle: reservation?.vehicleLabel ?? undefined,
      driver: reservation?.driverName ?? undefined,
    });
    setClash(null);
  }, [open, reservation, reset]);

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
    if (!next) save.reset();
  };

  const overlapText = (c: ReservationConflict) =>
    t("reservations.overlapText", {
      vehicle: c.vehicleLabel ?? labels.vehicle ?? "",
      location: c.location,
      from: formatDateTime(c.startsAt),
      to: formatDateTime(c.endsAt),
    });

  const onSubmit = (values: Values) => {
    clearErrors();
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
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as keyof Values;
        if ((FIELDS as readonly string[]).includes(name))
          setError(name, { type: "format", message: issue.message });
      }
      notify({
        title: missing ? t("common:errors.missingInformation") : t("reservations.failed"),
        description: t("common:errors.missingInformationText"),
        variant: "error",
      });
      return;
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
        close(false);
      },
      onError: (error) => {
        if (isApiError(error, 409, RESERVATION_OVERLAP_CODE)) {
          const found = (error.details as { conflict?: ReservationConflict } | undefined)?.conflict;
          const text = found ? overlapText(found) : messages.error(error);
          if (found) setClash(found);
          setError("startsAt", { type: "server", message: " " });
          setError("endsAt", { type: "server", message: " " });
          notify({ title: t("reservations.overlapTitle"), description: text, variant: "error" });
          return;
        }
        if (isApiError(error, 400)) {
          for (const [name, message] of Object.entries(error.fields)) {
            if ((FIELDS as readonly string[]).includes(name))
              setError(name as keyof Values, { type: "server", message });
          }
        }
        notify({ title: t("reservations.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  const err = (name: keyof Values) => {
    const m = errors[name]?.message;
    return m?.trim() ? messages.field(m) : undefined;
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(reservation ? "reservations.editTitle" : "reservations.newTitle")}
      description={t("reservations.formDescription")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="grid gap-4"
        data-testid="reservation-form"
      >
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.vehicle")} error={err("vehicleId")}>
            <VehiclePicker
              value={vehicle.value || null}
              selectedLabel={labels.vehicle}
              placeholder={t("reservations.chooseVehicle")}
              onChange={(id, row) => {
                vehicle.onChange(id ?? "");
                setLabels((l) => ({ ...l, vehicle: row?.unitNumber }));
                setClash(null);
              }}
            />
          </Field>
          <Field label={t("fields.driver")} error={err("driverId")}>
            <DriverPicker
              value={driver.value || null}
              selectedLabel={labels.driver}
              placeholder={t("reservations.chooseDriver")}
              onChange={(id, row) => {
                driver.onChange(id ?? "");
                setLabels((l) => ({ ...l, driver: row?.fullName }));
              }}
            />
          </Field>
        </div>
        <Field label={t("fields.reservationLocation")} error={err("location")}>
          <Input maxLength={160} autoComplete="off" aria-required {...register("location")} />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.startsAt")} error={err("startsAt")}>
            <Input type="datetime-local" aria-required {...register("startsAt")} />
          </Field>
          <Field
            label={t("fields.endsAt")}
            error={err("endsAt")}
            hint={hours > 0 ? t("reservations.duration", { hours: formatNumber(hours, 1) }) : undefined}
          >
            <Input type="datetime-local" min={startsAt || undefined} aria-required {...register("endsAt")} />
          </Field>
        </div>
        {clash ? (
          <Alert tone="danger">
            <span data-testid="reservation-overlap">{overlapText(clash)}</span>
          </Alert>
        ) : null}
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label={t("fields.cost")} error={err("cost")}>
            <Input inputMode="decimal" autoComplete="off" aria-required {...register("cost")} />
          </Field>
          <Field label={t("fields.notes")} className="sm:col-span-2">
            <Textarea rows={1} maxLength={500} {...register("notes")} />
          </Field>
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="reservation-submit">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t(reservation ? "reservations.submitEdit" : "reservations.submitNew")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
