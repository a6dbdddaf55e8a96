import { RECEIPT_ACCEPT } from "@shared/fuel/fuel.schema";
import {
  PARKING_PAYMENT_METHODS,
  type ParkingExpense,
  parkingExpenseInputSchema,
} from "@shared/parking/parking.schema";
import { Paperclip } from "lucide-react";
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
import { ReceiptField } from "../../../components/money-entry/receipt-field";
import { useEntryForm } from "../../../components/money-entry/use-entry-form";
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
  const [receipt, setReceipt] = useState<File | null>(null);
  const [dropReceipt, setDropReceipt] = useState(false);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const entry = useEntryForm<Values>({
    open,
    onOpenChange,
    record: expense,
    values: () => fromExpense(expense),
    fields: FIELDS,
    messages,
    pending: save.isPending,
    onOpened: () => {
      setReceipt(null);
      setDropReceipt(false);
      setReceiptError(undefined);
    },
    onClosed: save.reset,
  });

  const onSubmit = (values: Values) => {
    entry.form.clearErrors();
    setReceiptError(undefined);
    const parsed = parkingExpenseInputSchema.safeParse(values);
    if (!parsed.success) {
      const missing =
        !values.location.trim() || !values.paymentMethod || !values.amount.trim() || !values.date;
      return entry.refuse(
        parsed.error,
        {
          title: missing ? t("common:errors.missingInformation") : t("expenses.failed"),
          description: t("common:errors.missingInformationText"),
        },
        { lastIssueWins: true },
      );
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
          entry.close(false);
        },
        onError: (error) => {
          const fileMessage = messages.fileError(error);
          if (fileMessage) setReceiptError(fileMessage);
          entry.fail(error, t("expenses.failed"));
        },
      },
    );
  };

  return (
    <MoneyEntryDialog
      entry={entry}
      open={open}
      title={t(expense ? "expenses.editTitle" : "expenses.newTitle")}
      description={t("expenses.formDescription")}
      testId="expense-form"
      onSubmit={onSubmit}
      submitLabel={t(expense ? "expenses.submitEdit" : "expenses.submitNew")}
    >
      <TextField entry={entry} name="location" required maxLength={160} label={t("fields.location")} />
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <SelectField
          entry={entry}
          name="paymentMethod"
          required
          label={t("fields.paymentMethod")}
          className="sm:col-span-3"
          placeholder="—"
          options={PARKING_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) }))}
        />
        <AmountField entry={entry} name="amount" label={t("fields.amount")} />
        <DateField
          entry={entry}
          name="date"
          max={today()}
          label={t("fields.date")}
          className="sm:col-span-2"
        />
      </div>
      <TruckDriverFields
        entry={entry}
        vehicle={{ label: t("fields.vehicle"), selectedLabel: expense?.vehicleLabel }}
        driver={{ label: t("fields.driver"), selectedLabel: expense?.driverName }}
      />
      <NotesField entry={entry} name="notes" label={t("fields.notes")} maxLength={500} />

      <ReceiptField
        label={t("fields.receipt")}
        accept={RECEIPT_ACCEPT}
        file={receipt}
        currentName={dropReceipt ? null : expense?.receipt?.fileName}
        error={receiptError}
        hint={t("expenses.receiptHint")}
        chooseLabel={t("expenses.chooseReceipt")}
        chooseIcon={<Paperclip aria-hidden />}
        replaceLabel={t("expenses.replaceReceipt")}
        removeLabel={t("expenses.removeReceipt")}
        onChoose={(file) => {
          setReceipt(file ?? null);
          setReceiptError(undefined);
        }}
        onRemove={() => {
          if (receipt) setReceipt(null);
          else setDropReceipt(true);
        }}
      />
    </MoneyEntryDialog>
  );
}
