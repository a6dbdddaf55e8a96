import {
  CATEGORIES_BY_DIRECTION,
  LEDGER_CATEGORIES,
  LEDGER_PAYMENT_METHODS,
  type LedgerDirection,
  type LedgerEntry,
  ledgerEntryInputSchema,
} from "@shared/accounting/ledger.schema";
import { RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AmountField,
  DateField,
  NotesField,
  SelectField,
  TextField,
  TruckDriverFields,
} from "../../../components/money-entry/entry-fields";
import { MoneyEntryDialog } from "../../../components/money-entry/money-entry-dialog";
import { useEntryForm } from "../../../components/money-entry/use-entry-form";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
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
  entry: ledgerEntry,
  onOpenChange,
}: {
  open: boolean;
  /** The hand entry to edit; null for a new one. */
  entry: LedgerEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("accounting");
  const messages = useAccountingMessages();
  const save = useSaveLedgerEntry(ledgerEntry?.id);
  const attach = useAttachReceipt();
  const [receipt, setReceipt] = useState<File | null>(null);
  const entry = useEntryForm<Values>({
    open,
    onOpenChange,
    record: ledgerEntry,
    values: () => fromEntry(ledgerEntry),
    fields: FIELDS,
    messages,
    pending: save.isPending || attach.isPending,
    onOpened: () => setReceipt(null),
    onClosed: save.reset,
  });
  const { register, watch } = entry.form;
  const direction = watch("direction");

  const onSubmit = (values: Values) => {
    entry.form.clearErrors();
    const parsed = ledgerEntryInputSchema.safeParse(values);
    if (!parsed.success) {
      const missing = !values.occurredOn || !values.direction || !values.category || !values.amount.trim();
      return entry.refuse(parsed.error, {
        title: missing ? t("common:errors.missingInformation") : t("form.failed"),
        description: missing ? t("form.missingText") : t("common:errors.missingInformationText"),
      });
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
      onError: (error) => entry.fail(error, t("form.failed")),
    });
  };

  // The direction's usual categories first; any category is allowed.
  const first = direction ? CATEGORIES_BY_DIRECTION[direction] : [];
  const categories = [...first, ...LEDGER_CATEGORIES.filter((c) => !first.includes(c))];

  return (
    <MoneyEntryDialog
      entry={entry}
      open={open}
      title={t(ledgerEntry ? "form.editTitle" : "form.newTitle")}
      description={t("form.description")}
      testId="ledger-form"
      onSubmit={onSubmit}
      submitLabel={t(ledgerEntry ? "form.submitEdit" : "form.submitNew")}
    >
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
        {entry.err("direction") ? <p className="text-sm text-red-700">{entry.err("direction")}</p> : null}
      </fieldset>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <DateField entry={entry} name="occurredOn" label={t("fields.occurredOn")} />
        <AmountField entry={entry} name="amount" label={t("fields.amount")} />
        <SelectField
          entry={entry}
          name="category"
          required
          label={t("fields.category")}
          placeholder={t("form.choose")}
          options={categories.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField entry={entry} name="counterparty" maxLength={160} label={t("fields.counterparty")} />
        <SelectField
          entry={entry}
          name="paymentMethod"
          label={t("fields.paymentMethod")}
          placeholder={t("form.choose")}
          options={LEDGER_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
        />
      </div>
      <TextField entry={entry} name="reference" maxLength={80} label={t("fields.reference")} />
      <TruckDriverFields
        entry={entry}
        vehicle={{
          label: t("fields.vehicle"),
          selectedLabel: ledgerEntry?.vehicleLabel,
          placeholder: t("form.chooseVehicle"),
        }}
        driver={{
          label: t("fields.driver"),
          selectedLabel: ledgerEntry?.driverName,
          placeholder: t("form.chooseDriver"),
        }}
      />
      <NotesField
        entry={entry}
        name="notes"
        label={t("fields.notes")}
        hint={t("form.notesHint")}
        maxLength={1000}
      />
      <Field label={t("fields.receipt")} hint={t("form.receiptHint")}>
        <Input
          type="file"
          accept={RECEIPT_TYPES.join(",")}
          data-testid="ledger-form-receipt"
          onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
        />
      </Field>
    </MoneyEntryDialog>
  );
}
