import { zodResolver } from "@hookform/resolvers/zod";
import { TRAILER_TYPES, VEHICLE_STATUSES } from "@shared/fleet/fleet.schema";
import { type TrailerDetail, trailerFormSchema } from "@shared/fleet/trailers.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { notify } from "../../../lib/toast";
import { useSaveTrailer } from "../api/fleet";
import { applyServerErrors, useFleetMessages } from "../fleet-messages";

type In = z.input<typeof trailerFormSchema>;
type Out = z.output<typeof trailerFormSchema>;

/** Add or edit a trailer or container. Mount it only while open, so it starts from the record. */
export function TrailerFormDialog({
  onOpenChange,
  trailer,
  onSaved,
}: {
  onOpenChange: (open: boolean) => void;
  trailer?: TrailerDetail;
  onSaved?: (t: TrailerDetail) => void;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const save = useSaveTrailer(trailer?.id);
  const { register, handleSubmit, formState, setError } = useForm<In, unknown, Out>({
    resolver: zodResolver(trailerFormSchema),
    defaultValues: {
      identifier: trailer?.identifier ?? "",
      type: trailer?.type ?? "dry_van",
      size: trailer?.size ?? "",
      vin: trailer?.vin ?? "",
      plateNumber: trailer?.plateNumber ?? "",
      plateState: trailer?.plateState ?? "",
      year: trailer?.year === null || trailer?.year === undefined ? "" : String(trailer.year),
      lastInspectionOn: trailer?.lastInspectionOn ?? "",
      nextInspectionOn: trailer?.nextInspectionOn ?? "",
      status: trailer?.status ?? "active",
      notes: trailer?.notes ?? "",
    } as In,
  });
  const errors = formState.errors;
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notify({
          title: t(trailer ? "trailer.updated" : "trailer.created"),
          description: t("trailer.savedText", { identifier: saved.identifier }),
          variant: "success",
        });
        onOpenChange(false);
        onSaved?.(saved);
      },
      onError: (error) => {
        applyServerErrors(error, setError);
        notify({ title: t("trailer.saveFailed"), description: messages.error(error), variant: "error" });
      },
    }),
  );

  return (
    <Dialog
      open
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={t(trailer ? "trailer.editTitle" : "trailer.newTitle")}
      description={t("trailer.formDescription")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate data-testid="trailer-form">
        <div className="grid items-start gap-3 sm:grid-cols-3">
          <Field label={t("fields.identifier")} error={messages.field(errors.identifier)}>
            <Input
              autoComplete="off"
              aria-required
              {...register("identifier")}
              data-testid="trailer-identifier"
            />
          </Field>
          <Field label={t("fields.type")} error={messages.field(errors.type)}>
            <Select {...register("type")} data-testid="trailer-type">
              {TRAILER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`trailerTypes.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("fields.size")} error={messages.field(errors.size)} hint={t("hints.size")}>
            <Input autoComplete="off" {...register("size")} />
          </Field>
          <Field
            label={t("fields.vin")}
            error={messages.field(errors.vin)}
            hint={t("hints.vin")}
            className="sm:col-span-2"
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              maxLength={17}
              className="font-mono uppercase"
              {...register("vin")}
              data-testid="trailer-vin"
            />
          </Field>
          <Field label={t("fields.year")} error={messages.field(errors.year)}>
            <Input inputMode="numeric" {...register("year")} />
          </Field>
          <Field label={t("fields.plateNumber")} error={messages.field(errors.plateNumber)}>
            <Input autoComplete="off" className="uppercase" {...register("plateNumber")} />
          </Field>
          <Field label={t("fields.plateState")} error={messages.field(errors.plateState)}>
            <Input autoComplete="off" className="uppercase" {...register("plateState")} />
          </Field>
          <Field label={t("fields.status")} error={messages.field(errors.status)}>
            <Select {...register("status")}>
              {VEHICLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("fields.lastInspectionOn")} error={messages.field(errors.lastInspectionOn)}>
            <Input type="date" {...register("lastInspectionOn")} />
          </Field>
          <Field label={t("fields.nextInspectionOn")} error={messages.field(errors.nextInspectionOn)}>
            <Input type="date" {...register("nextInspectionOn")} data-testid="trailer-next-inspection" />
          </Field>
          <Field label={t("fields.notes")} error={messages.field(errors.notes)} className="sm:col-span-3">
            <Textarea rows={2} {...register("notes")} />
          </Field>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-trailer">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t(trailer ? "common:actions.save" : "trailer.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
