import { type Toll, tollInputSchema } from "@shared/tolls/tolls.schema";
import { useEffect, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DriverPicker, VehiclePicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { localInputToIso, toLocalInput } from "../../../lib/datetime";
import { showSchemaErrors, showServerErrors } from "../../../lib/form-errors";
import { formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSaveToll } from "../api/tolls";
import { useTollMessages } from "../toll-messages";
import { LoadPicker } from "./load-picker";

interface Values {
  occurredAt: string;
  location: string;
  transponder: string;
  amount: string;
  vehicleId: string;
  driverId: string;
  loadId: string;
  notes: string;
}
const FIELDS = [
  "occurredAt",
  "location",
  "transponder",
  "amount",
  "vehicleId",
  "driverId",
  "loadId",
  "notes",
] as const;

const fromToll = (toll: Toll | null): Values => ({
  occurredAt: toLocalInput(toll?.occurredAt ?? null),
  location: toll?.location ?? "",
  transponder: toll?.transponder ?? "",
  amount: toll?.amount ?? "",
  vehicleId: toll?.vehicleId ?? "",
  driverId: toll?.driverId ?? "",
  loadId: toll?.loadId ?? "",
  notes: toll?.notes ?? "",
});

/** Record a toll by hand, or edit one (e.g. put an unmatched import on the right truck). */
export function TollFormDialog({
  open,
  toll,
  onOpenChange,
}: {
  open: boolean;
  /** The toll to edit; null to record a new one. */
  toll: Toll | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("tolls");
  const messages = useTollMessages();
  const save = useSaveToll(toll?.id);
  const { register, handleSubmit, formState, setError, clearErrors, reset, control } = useForm<Values>({
    defaultValues: fromToll(toll),
  });
  const errors = formState.errors;
  const vehicle = useController({ control, name: "vehicleId" }).field;
  const driver = useController({ control, name: "driverId" }).field;
  const load = useController({ control, name: "loadId" }).field;
  const [labels, setLabels] = useState<{ vehicle?: string; driver?: string; load?: string }>({});

  useEffect(() => {
    if (!open) return;
    reset(fromToll(toll));
    setLabels({
      vehicle: toll?.vehicleLabel ?? undefined,
      driver: toll?.driverName ?? undefined,
      load: toll?.loadNumber ?? undefined,
    });
  }, [open, toll, reset]);

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
    if (!next) save.reset();
  };

  const onSubmit = (values: Values) => {
    clearErrors();
    const body = { ...values, occurredAt: localInputToIso(values.occurredAt) };
    const parsed = tollInputSchema.safeParse(body);
    if (!parsed.success) {
      const missing = !values.occurredAt || !values.location.trim() || !values.amount.trim();
      showSchemaErrors(setError, FIELDS, parsed.error);
      notify({
        title: missing ? t("common:errors.missingInformation") : t("form.failed"),
        description: missing ? t("form.missingText") : t("common:errors.missingInformationText"),
        variant: "error",
      });
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        notify({
          title: t("form.saved"),
          description: t("form.savedText", { amount: formatMoney(saved.amount), location: saved.location }),
          variant: "success",
        });
        close(false);
      },
      onError: (error) => {
        showServerErrors(setError, FIELDS, error);
        notify({ title: t("form.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  const err = (name: keyof Values) => messages.field(errors[name]?.message);

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(toll ? "form.editTitle" : "form.newTitle")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="toll-form">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.occurredAt")} error={err("occurredAt")}>
            <Input type="datetime-local" aria-required {...register("occurredAt")} />
          </Field>
          <Field label={t("fields.amount")} error={err("amount")}>
            <Input inputMode="decimal" autoComplete="off" aria-required {...register("amount")} />
          </Field>
        </div>
        <Field label={t("fields.location")} error={err("location")}>
          <Input maxLength={160} autoComplete="off" aria-required {...register("location")} />
        </Field>
        <Field label={t("fields.transponder")} error={err("transponder")} hint={t("form.transponderHint")}>
          <Input maxLength={40} autoComplete="off" {...register("transponder")} />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.vehicle")} error={err("vehicleId")}>
            <VehiclePicker
              value={vehicle.value || null}
              selectedLabel={labels.vehicle}
              placeholder={t("form.chooseVehicle")}
              onChange={(id, row) => {
                vehicle.onChange(id ?? "");
                setLabels((l) => ({ ...l, vehicle: row?.unitNumber }));
              }}
            />
          </Field>
          <Field label={t("fields.driver")} error={err("driverId")}>
            <DriverPicker
              value={driver.value || null}
              selectedLabel={labels.driver}
              placeholder={t("form.chooseDriver")}
              onChange={(id, row) => {
                driver.onChange(id ?? "");
                setLabels((l) => ({ ...l, driver: row?.fullName }));
              }}
            />
          </Field>
        </div>
        <Field label={t("fields.load")} error={err("loadId")}>
          <LoadPicker
            value={load.value || null}
            selectedLabel={labels.load}
            placeholder={t("form.chooseLoad")}
            onChange={(id, label) => {
              load.onChange(id ?? "");
              setLabels((l) => ({ ...l, load: label ?? undefined }));
            }}
          />
        </Field>
        <Field label={t("fields.notes")} hint={t("form.notesHint")}>
          <Textarea rows={2} maxLength={500} {...register("notes")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t(toll ? "form.submitEdit" : "form.submitNew")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
