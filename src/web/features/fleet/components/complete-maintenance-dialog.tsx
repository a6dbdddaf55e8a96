import { zodResolver } from "@hookform/resolvers/zod";
import {
  completeMaintenanceSchema,
  MAINTENANCE_RECEIPT_MAX_BYTES,
  type MaintenanceItem,
} from "@shared/fleet/maintenance.schema";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Label, Textarea } from "../../../components/ui/input";
import { localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCompleteMaintenance } from "../api/fleet";
import { applyServerErrors, useFleetMessages } from "../fleet-messages";

type In = z.input<typeof completeMaintenanceSchema>;
type Out = z.output<typeof completeMaintenanceSchema>;

/** Completing an open item records when, at what odometer, for how much and where. */
export function CompleteMaintenanceDialog({
  item,
  onOpenChange,
}: {
  item: Pick<MaintenanceItem, "id" | "serviceType" | "assetLabel" | "notes">;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const complete = useCompleteMaintenance(item.id);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const receiptId = useId();
  const { register, handleSubmit, formState, setError } = useForm<In, unknown, Out>({
    resolver: zodResolver(completeMaintenanceSchema),
    defaultValues: { serviceDate: localToday(), odometer: "", cost: "", vendor: "", notes: item.notes } as In,
  });
  const errors = formState.errors;
  const submit = handleSubmit((values) => {
    if (receipt && receipt.size > MAINTENANCE_RECEIPT_MAX_BYTES) {
      setReceiptError(t("errors.fileTooLarge"));
      return;
    }
    complete.mutate(
      { body: values, receipt },
      {
        onSuccess: (result) => {
          notify({
            title: t("maintenance.completed"),
            description: t("maintenance.savedText", {
              service: t(`serviceTypes.${item.serviceType}`),
              asset: item.assetLabel,
            }),
            variant: "success",
          });
          if (result.vehicleStatus)
            notify({
              title: t("maintenance.vehicleStatusChanged"),
              description: t(`status.${result.vehicleStatus}`),
            });
          if (result.receiptError)
            notify({
              title: t("maintenance.receiptFailed"),
              description: messages.error(result.receiptError),
              variant: "error",
            });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(error, setError);
          notify({
            title: t("maintenance.completeFailed"),
            description: messages.error(error),
            variant: "error",
          });
        },
      },
    );
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !complete.isPending && onOpenChange(next)}
      title={t("maintenance.completeTitle")}
      description={t("maintenance.completeDescription", {
        service: t(`serviceTypes.${item.serviceType}`),
        asset: item.assetLabel,
      })}
      closeLabel={t("common:actions.close")}
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate data-testid="complete-form">
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <Field label={t("fields.serviceDate")} error={messages.field(errors.serviceDate)}>
            <Input type="date" max={localToday()} {...register("serviceDate")} />
          </Field>
          <Field label={t("fields.odometer")} error={messages.field(errors.odometer)}>
            <Input inputMode="numeric" {...register("odometer")} data-testid="complete-odometer" />
          </Field>
          <Field label={t("fields.cost")} error={messages.field(errors.cost)} hint={t("hints.cost")}>
            <Input inputMode="decimal" {...register("cost")} data-testid="complete-cost" />
          </Field>
          <Field label={t("fields.vendor")} error={messages.field(errors.vendor)}>
            <Input autoComplete="off" {...register("vendor")} />
          </Field>
          <Field label={t("fields.notes")} error={messages.field(errors.notes)} className="sm:col-span-2">
            <Textarea rows={3} {...register("notes")} />
          </Field>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={receiptId}>{t("fields.receipt")}</Label>
            <Input
              id={receiptId}
              type="file"
              accept="application/pdf,image/*"
              onChange={(e) => {
                setReceipt(e.target.files?.[0] ?? null);
                setReceiptError(undefined);
              }}
            />
            {receiptError ? (
              <p role="alert" className="text-sm text-red-600">
                {receiptError}
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={complete.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={complete.isPending} data-testid="confirm-complete">
            {complete.isPending ? <Spinner className="text-current" /> : null}
            {t("maintenance.complete")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
