import { zodResolver } from "@hookform/resolvers/zod";
import { odometerCorrectionSchema } from "@shared/fuel/fuel.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCorrectOdometer } from "../api/fleet";
import { applyServerErrors, useFleetMessages } from "../fleet-messages";

type In = z.input<typeof odometerCorrectionSchema>;
type Out = z.output<typeof odometerCorrectionSchema>;

/**
 * The office corrects the odometer on record (a mistyped reading, a replaced cluster), saying why;
 * the change is audited and drivers' fuel readings are judged against it. Mount it only while open.
 */
export function OdometerDialog({
  vehicleId,
  unitNumber,
  mileage,
  onOpenChange,
}: {
  vehicleId: string;
  unitNumber: string;
  mileage: number;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const save = useCorrectOdometer(vehicleId);
  const { register, handleSubmit, formState, setError } = useForm<In, unknown, Out>({
    resolver: zodResolver(odometerCorrectionSchema),
    defaultValues: { odometer: String(mileage), reason: "" } as unknown as In,
  });
  const errors = formState.errors;
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (v) => {
        notify({
          title: t("odometer.saved"),
          description: t("odometer.savedText", {
            unit: unitNumber,
            value: t("units.miles", { value: formatNumber(v.mileage) }),
          }),
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerErrors(error, setError);
        notify({ title: t("odometer.failed"), description: messages.error(error), variant: "error" });
      },
    }),
  );
  return (
    <Dialog
      open
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={t("odometer.title", { unit: unitNumber })}
      description={t("odometer.description", { value: t("units.miles", { value: formatNumber(mileage) }) })}
      closeLabel={t("common:actions.close")}
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate data-testid="odometer-form">
        <Field label={t("odometer.reading")} error={messages.field(errors.odometer)}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            {...register("odometer")}
            data-testid="odometer-value"
          />
        </Field>
        <Field
          label={t("odometer.reason")}
          hint={t("odometer.reasonHint")}
          error={errors.reason ? t("odometer.reasonRequired") : undefined}
        >
          <Textarea rows={3} {...register("reason")} data-testid="odometer-reason" />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-odometer">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t("common:actions.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
