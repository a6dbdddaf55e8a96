import {
  BILL_FREQUENCIES,
  BILL_SERVICE_TYPES,
  BILL_TYPES,
  type Bill,
  billInputSchema,
} from "@shared/accounting/bills.schema";
import { useEffect, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { VehiclePicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { showSchemaErrors, showServerErrors } from "../../../lib/form-errors";
import { formatDate, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAccountingMessages } from "../accounting-messages";
import { useSaveBill } from "../api/bills";

interface Values {
  name: string;
  vendor: string;
  billType: string;
  frequency: string;
  serviceType: string;
  amount: string;
  dueDate: string;
  contactPhone: string;
  accountNumber: string;
  vehicleId: string;
  notes: string;
}
const FIELDS = [
  "name",
  "vendor",
  "billType",
  "frequency",
  "serviceType",
  "amount",
  "dueDate",
  "contactPhone",
  "accountNumber",
  "vehicleId",
  "notes",
] as const;

const fromBill = (b: Bill | null): Values => ({
  name: b?.name ?? "",
  vendor: b?.vendor ?? "",
  billType: b?.billType ?? "subscription",
  frequency: b?.frequency ?? "monthly",
  serviceType: b?.serviceType ?? "",
  amount: b?.amount ?? "",
  dueDate: b?.dueDate ?? localToday(),
  contactPhone: b?.contactPhone ?? "",
  accountNumber: b?.accountNumber ?? "",
  vehicleId: b?.vehicleId ?? "",
  notes: b?.notes ?? "",
});

/** Add a bill (one-time or a subscription) or edit one. */
export function BillFormDialog({
  open,
  bill,
  onOpenChange,
}: {
  open: boolean;
  bill: Bill | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("accounting");
  const messages = useAccountingMessages();
  const save = useSaveBill(bill?.id);
  const { register, handleSubmit, formState, setError, clearErrors, reset, control, watch } = useForm<Values>(
    {
      defaultValues: fromBill(bill),
    },
  );
  const errors = formState.errors;
  const vehicle = useController({ control, name: "vehicleId" }).field;
  const [vehicleLabel, setVehicleLabel] = useState<string | undefined>();
  const subscription = watch("billType") === "subscription";

  useEffect(() => {
    if (!open) return;
    reset(fromBill(bill));
    setVehicleLabel(bill?.vehicleLabel ?? undefined);
  }, [open, bill, reset]);

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
    if (!next) save.reset();
  };

  const onSubmit = (values: Values) => {
    clearErrors();
    const parsed = billInputSchema.safeParse(values);
    if (!parsed.success) {
      showSchemaErrors(setError, FIELDS, parsed.error);
      notify({
        title: t("bills.validation.missingInformation"),
        description: t("bills.form.missingText"),
        variant: "error",
      });
      return;
    }
    save.mutate(values as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        notify({
          title: t("bills.form.saved"),
          description: t("bills.form.savedText", { name: saved.name, date: formatDate(saved.dueDate) }),
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (error) => {
        showServerErrors(setError, FIELDS, error);
        notify({ title: t("bills.form.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  const err = (name: keyof Values) => messages.field(errors[name]?.message);

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(bill ? "bills.form.editTitle" : "bills.form.newTitle")}
      description={t("bills.form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="bill-form">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("bills.fields.name")} error={err("name")}>
            <Input maxLength={120} autoComplete="off" aria-required {...register("name")} />
          </Field>
          <Field label={t("bills.fields.vendor")} error={err("vendor")}>
            <Input maxLength={120} autoComplete="off" {...register("vendor")} />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label={t("bills.fields.billType")} error={err("billType")}>
            <Select aria-required {...register("billType")}>
              {BILL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`bills.types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          {subscription ? (
            <Field label={t("bills.fields.frequency")} error={err("frequency")}>
              <Select aria-required {...register("frequency")}>
                <option value="">{t("bills.form.choose")}</option>
                {BILL_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`bills.frequencies.${f}`)}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <Field label={t("bills.fields.serviceType")} error={err("serviceType")}>
            <Select aria-required {...register("serviceType")}>
              <option value="">{t("bills.form.choose")}</option>
              {BILL_SERVICE_TYPES.map((s) => (
                <option key={s} value={s}>
                  {t(`bills.services.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("bills.fields.amount")} error={err("amount")}>
            <Input inputMode="decimal" autoComplete="off" aria-required {...register("amount")} />
          </Field>
          <Field label={t("bills.fields.dueDate")} error={err("dueDate")}>
            <Input type="date" aria-required {...register("dueDate")} />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label={t("bills.fields.accountNumber")} error={err("accountNumber")}>
            <Input maxLength={60} autoComplete="off" {...register("accountNumber")} />
          </Field>
          <Field label={t("bills.fields.contactPhone")} error={err("contactPhone")}>
            <Input type="tel" maxLength={40} autoComplete="off" {...register("contactPhone")} />
          </Field>
          <Field label={t("bills.fields.vehicle")} error={err("vehicleId")}>
            <VehiclePicker
              value={vehicle.value || null}
              selectedLabel={vehicleLabel}
              placeholder={t("bills.form.chooseVehicle")}
              onChange={(id, row) => {
                vehicle.onChange(id ?? "");
                setVehicleLabel(row?.unitNumber);
              }}
            />
          </Field>
        </div>
        <Field label={t("bills.fields.notes")}>
          <Textarea rows={2} maxLength={1000} {...register("notes")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t(bill ? "bills.form.submitEdit" : "bills.form.submitNew")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
