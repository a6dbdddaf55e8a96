import {
  CATEGORIES_BY_DIRECTION,
  LEDGER_CATEGORIES,
  LEDGER_PAYMENT_METHODS,
  type LedgerDirection,
  type LedgerEntry,
  ledgerEntryInputSchema,
} from "@shared/accounting/ledger.schema";
import { RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import { useEffect, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DriverPicker, VehiclePicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { showSchemaErrors, showServerErrors } from "../../../lib/form-errors";
import { formatMoney, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAccountingMessages } from "../accounting-messages";
import { useAttachReceipt, useSaveLedgerEntry } from "../api/ledger";

interface Values {
  occurredOn: string;
  direction: LedgerDirection | "";
  category: string;
  amount: string;
  counterparty: string;
  paymentMethod: string;
  reference: string;
  notes: string;
  vehicleId: string;
  driverId: string;
}
const FIELDS = [
  "occurredOn",
  "direction",
  "category",
  "amount",
  "counterparty",
  "paymentMethod",
  "reference",
  "notes",
  "vehicleId",
  "driverId",
] as const;

const fromEntry = (e: LedgerEntry | null): Values => ({
  occurredOn: e?.occurredOn ?? localToday(),
  direction: e?.direction ?? "expense",
  category: e?.category ?? "",
  amount: e?.amount ?? "",
  counterparty: e?.counterparty ?? "",
  paymentMethod: e?.paymentMethod ?? "",
  reference: e?.reference ?? "",
  notes: e?.notes ?? "",
  vehicleId: e?.vehicleId ?? "",
  driverId: e?.driverId ?? "",
});

/** Enter money in or out by hand, or correct a hand entry; a receipt can go with it. */
export function LedgerEntryDialog({
  open,
  entry,
  onOpenChange,
}: {
  open: boolean;
  /** The hand entry to edit; null for a new one. */
  entry: LedgerEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("accounting");
  const messages = useAccountingMessages();
  const save = useSaveLedgerEntry(entry?.id);
  const attach = useAttachReceipt();
  const { register, handleSubmit, formState, setError, clearErrors, reset, control, watch } = useForm<Values>(
    { defaultValues: fromEntry(entry) },
  );
  const errors = formState.errors;
  const vehicle = useController({ control, name: "vehicleId" }).field;
  const driver = useController({ control, name: "driverId" }).field;
  const [labels, setLabels] = useState<{ vehicle?: string; driver?: string }>({});
  const [receipt, setReceipt] = useState<File | null>(null);
  const direction = watch("direction");
  const pending = save.isPending || attach.isPending;

  useEffect(() => {
    if (!open) return;
    reset(fromEntry(entry));
    setReceipt(null);
    setLabels({ vehicle: entry?.vehicleLabel ?? undefined, driver: entry?.driverName ?? undefined });
  }, [open, entry, reset]);

  const close = (next: boolean) => {
    if (pending) return;
    onOpenChange(next);
    if (!next) save.reset();
  };

  const onSubmit = (values: Values) => {
    clearErrors();
    const parsed = ledgerEntryInputSchema.safeParse(values);
    if (!parsed.success) {
      const missing = !values.occurredOn || !values.direction || !values.category || !values.amount.trim();
      showSchemaErrors(setError, FIELDS, parsed.error);
      notify({
        title: missing ? t("common:errors.missingInformation") : t("form.failed"),
        description: missing ? t("form.missingText") : t("common:errors.missingInformationText"),
        variant: "error",
      });
      return;
    }
    save.mutate(values as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        const done = () => {
          notify({
            title: t("form.saved"),
            description: t("form.savedText", {
              direction: t(`directions.${saved.direction}`),
              amount: formatMoney(saved.amount),
              category: t(`categories.${saved.category}`),
            }),
            variant: "success",
          });
          onOpenChange(false);
        };
        if (!receipt) return done();
        attach.mutate(
          { id: saved.id, file: receipt },
          {
            onSuccess: done,
            onError: (error) => {
              notify({
                title: t("form.receiptFailed"),
                description: messages.error(error),
                variant: "error",
              });
              onOpenChange(false);
            },
          },
        );
      },
      onError: (error) => {
        showServerErrors(setError, FIELDS, error);
        notify({ title: t("form.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  const err = (name: keyof Values) => messages.field(errors[name]?.message);
  // The direction's usual categories first; any category is allowed.
  const first = direction ? CATEGORIES_BY_DIRECTION[direction] : [];
  const categories = [...first, ...LEDGER_CATEGORIES.filter((c) => !first.includes(c))];

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(entry ? "form.editTitle" : "form.newTitle")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="ledger-form">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("fields.direction")}</legend>
          <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={t("fields.direction")}>
            {(["income", "expense"] as const).map((d) => (
              <label
                key={d}
                className={cn(
                  "flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium",
                  direction === d
                    ? "border-brand-600 bg-brand-50 text-brand-800"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                <input type="radio" value={d} className="sr-only" {...register("direction")} />
                {t(`directions.${d}`)}
              </label>
            ))}
          </div>
          {err("direction") ? <p className="text-sm text-red-700">{err("direction")}</p> : null}
        </fieldset>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label={t("fields.occurredOn")} error={err("occurredOn")}>
            <Input type="date" aria-required {...register("occurredOn")} />
          </Field>
          <Field label={t("fields.amount")} error={err("amount")}>
            <Input inputMode="decimal" autoComplete="off" aria-required {...register("amount")} />
          </Field>
          <Field label={t("fields.category")} error={err("category")}>
            <Select aria-required {...register("category")}>
              <option value="">{t("form.choose")}</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.counterparty")} error={err("counterparty")}>
            <Input maxLength={160} autoComplete="off" {...register("counterparty")} />
          </Field>
          <Field label={t("fields.paymentMethod")} error={err("paymentMethod")}>
            <Select {...register("paymentMethod")}>
              <option value="">{t("form.choose")}</option>
              {LEDGER_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`methods.${m}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label={t("fields.reference")} error={err("reference")}>
          <Input maxLength={80} autoComplete="off" {...register("reference")} />
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
        <Field label={t("fields.notes")} hint={t("form.notesHint")}>
          <Textarea rows={2} maxLength={1000} {...register("notes")} />
        </Field>
        <Field label={t("fields.receipt")} hint={t("form.receiptHint")}>
          <Input
            type="file"
            accept={RECEIPT_TYPES.join(",")}
            data-testid="ledger-form-receipt"
            onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="text-current" /> : null}
            {t(entry ? "form.submitEdit" : "form.submitNew")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
