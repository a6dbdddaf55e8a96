import { RECEIPT_ACCEPT } from "@shared/fuel/fuel.schema";
import {
  PARKING_PAYMENT_METHODS,
  type ParkingExpense,
  parkingExpenseInputSchema,
} from "@shared/parking/parking.schema";
import { FileText, Paperclip, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DriverPicker, VehiclePicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Label, Select, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSaveExpense } from "../api/parking";
import { useParkingMessages } from "../parking-messages";

interface Values {
  location: string;
  paymentMethod: string;
  amount: string;
  date: string;
  vehicleId: string;
  driverId: string;
  notes: string;
}
const FIELDS = ["location", "paymentMethod", "amount", "date", "vehicleId", "driverId", "notes"] as const;
const today = () => new Date().toLocaleDateString("en-CA");

const fromExpense = (e: ParkingExpense | null): Values => ({
  location: e?.location ?? "",
  paymentMethod: e?.paymentMethod ?? "",
  amount: e?.amount ?? "",
  date: e?.date ?? today(),
  vehicleId: e?.vehicleId ?? "",
  driverId: e?.driverId ?? "",
  notes: e?.notes ?? "",
});

/** Record or edit a parking expense; the receipt is optional and checked by content on the server. */
export function ExpenseFormDialog({
  open,
  expense,
  onOpenChange,
}: {
  open: boolean;
  expense: ParkingExpense | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("parking");
  const messages = useParkingMessages();
  const save = useSaveExpense(expense?.id);
  const { register, handleSubmit, formState, setError, clearErrors, reset, control } = useForm<Values>({
    defaultValues: fromExpense(expense),
  });
  const errors = formState.errors;
  const vehicle = useController({ control, name: "vehicleId" }).field;
  const driver = useController({ control, name: "driverId" }).field;
  const [labels, setLabels] = useState<{ vehicle?: string; driver?: string }>({});
  const [receipt, setReceipt] = useState<File | null>(null);
  const [dropReceipt, setDropReceipt] = useState(false);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const receiptId = useId();

  useEffect(() => {
    if (!open) return;
    reset(fromExpense(expense));
    setLabels({ vehicle: expense?.vehicleLabel ?? undefined, driver: expense?.driverName ?? undefined });
    setReceipt(null);
    setDropReceipt(false);
    setReceiptError(undefined);
  }, [open, expense, reset]);

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
    if (!next) save.reset();
  };

  const onSubmit = (values: Values) => {
    clearErrors();
    setReceiptError(undefined);
    const parsed = parkingExpenseInputSchema.safeParse(values);
    if (!parsed.success) {
      const missing =
        !values.location.trim() || !values.paymentMethod || !values.amount.trim() || !values.date;
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as keyof Values;
        if ((FIELDS as readonly string[]).includes(name))
          setError(name, { type: "format", message: issue.message });
      }
      notify({
        title: missing ? t("common:errors.missingInformation") : t("expenses.failed"),
        description: t("common:errors.missingInformationText"),
        variant: "error",
      });
      return;
    }
    save.mutate(
      { fields: { ...values }, receipt, removeReceipt: dropReceipt && !receipt },
      {
        onSuccess: (saved) => {
          notify({
            title: t("expenses.saved"),
            description: t("expenses.savedText", {
              amount: formatMoney(saved.amount),
              location: saved.location,
            }),
            variant: "success",
          });
          close(false);
        },
        onError: (error) => {
          const fileMessage = messages.fileError(error);
          if (fileMessage) setReceiptError(fileMessage);
          if (isApiError(error, 400)) {
            for (const [name, message] of Object.entries(error.fields)) {
              if ((FIELDS as readonly string[]).includes(name))
                setError(name as keyof Values, { type: "server", message });
            }
          }
          notify({ title: t("expenses.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );
  };

  const err = (name: keyof Values) => messages.field(errors[name]?.message);
  const current = expense?.receipt && !dropReceipt && !receipt ? expense.receipt : null;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(expense ? "expenses.editTitle" : "expenses.newTitle")}
      description={t("expenses.formDescription")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="expense-form">
        <Field label={t("fields.location")} error={err("location")}>
          <Input maxLength={160} autoComplete="off" aria-required {...register("location")} />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label={t("fields.paymentMethod")} error={err("paymentMethod")} className="sm:col-span-3">
            <Select aria-required {...register("paymentMethod")}>
              <option value="">—</option>
              {PARKING_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`paymentMethods.${m}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("fields.amount")} error={err("amount")}>
            <Input inputMode="decimal" autoComplete="off" aria-required {...register("amount")} />
          </Field>
          <Field label={t("fields.date")} error={err("date")} className="sm:col-span-2">
            <Input type="date" max={today()} aria-required {...register("date")} />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.vehicle")} error={err("vehicleId")}>
            <VehiclePicker
              value={vehicle.value || null}
              selectedLabel={labels.vehicle}
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
              onChange={(id, row) => {
                driver.onChange(id ?? "");
                setLabels((l) => ({ ...l, driver: row?.fullName }));
              }}
            />
          </Field>
        </div>
        <Field label={t("fields.notes")}>
          <Textarea rows={2} maxLength={500} {...register("notes")} />
        </Field>

        <div className="grid gap-1.5">
          <Label htmlFor={receiptId}>{t("fields.receipt")}</Label>
          <input
            ref={fileInput}
            id={receiptId}
            type="file"
            accept={RECEIPT_ACCEPT}
            className="sr-only"
            aria-invalid={receiptError ? true : undefined}
            aria-describedby={`${receiptId}-note`}
            onChange={(e) => {
              setReceipt(e.target.files?.[0] ?? null);
              setReceiptError(undefined);
            }}
          />
          {receipt || current ? (
            <div className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2">
              <FileText className="size-5 shrink-0 text-slate-500" aria-hidden />
              <span className="min-w-0 flex-1 truncate text-sm font-medium">
                {receipt ? receipt.name : current?.fileName}
              </span>
              <Button variant="ghost" size="sm" onClick={() => fileInput.current?.click()}>
                {t("expenses.replaceReceipt")}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t("expenses.removeReceipt")}
                onClick={() => {
                  if (receipt) setReceipt(null);
                  else setDropReceipt(true);
                  if (fileInput.current) fileInput.current.value = "";
                }}
              >
                <X aria-hidden />
              </Button>
            </div>
          ) : (
            <Button
              variant="outline"
              className={cn("justify-start border-dashed", receiptError && "border-red-500")}
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden />
              {t("expenses.chooseReceipt")}
            </Button>
          )}
          <p
            id={`${receiptId}-note`}
            role={receiptError ? "alert" : undefined}
            className={receiptError ? "text-sm text-red-600" : "text-xs text-slate-500"}
          >
            {receiptError ?? t("expenses.receiptHint")}
          </p>
        </div>

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t(expense ? "expenses.submitEdit" : "expenses.submitNew")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
