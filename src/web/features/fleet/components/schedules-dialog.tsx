import { zodResolver } from "@hookform/resolvers/zod";
import { type Schedule, schedulesInputSchema } from "@shared/fleet/vehicles.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { notify } from "../../../lib/toast";
import { useSaveSchedules } from "../api/fleet";
import { applyServerErrors, useFleetMessages } from "../fleet-messages";
import { ScheduleRows } from "./schedule-rows";

type In = z.input<typeof schedulesInputSchema>;
type Out = z.output<typeof schedulesInputSchema>;

const str = (v: number | string | null) => (v === null ? "" : String(v));

/** Edit a vehicle's schedules. Mount it only while open. */
export function SchedulesDialog({
  vehicleId,
  unitNumber,
  schedules,
  onOpenChange,
}: {
  vehicleId: string;
  unitNumber: string;
  schedules: Schedule[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const save = useSaveSchedules(vehicleId);
  const { control, register, handleSubmit, formState, setError } = useForm<In, unknown, Out>({
    resolver: zodResolver(schedulesInputSchema),
    defaultValues: {
      schedules: schedules.map((s) => ({
        serviceType: s.serviceType,
        intervalMiles: str(s.intervalMiles),
        intervalDays: str(s.intervalDays),
        lastServiceDate: s.startDate ?? "",
        lastServiceOdometer: str(s.startOdometer),
      })),
    } as In,
  });
  const submit = handleSubmit((values) =>
    save.mutate(values.schedules, {
      onSuccess: () => {
        notify({
          title: t("schedules.saved"),
          description: t("vehicles.unit", { unit: unitNumber }),
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerErrors(error, setError);
        notify({ title: t("schedules.saveFailed"), description: messages.error(error), variant: "error" });
      },
    }),
  );
  return (
    <Dialog
      open
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={t("schedules.editTitle", { unit: unitNumber })}
      description={t("schedules.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate data-testid="schedules-form">
        <ScheduleRows control={control} register={register} errors={formState.errors} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-schedules">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t("common:actions.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
