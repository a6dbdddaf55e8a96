import {
  BILL_FREQUENCIES,
  BILL_SERVICE_TYPES,
  BILL_TYPES,
  type Bill,
  billInputSchema,
} from "@shared/accounting/bills.schema";
import { useTranslation } from "react-i18next";
import {
  AmountField,
  DateField,
  NotesField,
  SelectField,
  TextField,
  VehicleField,
} from "../../../components/money-entry/entry-fields";
import { MoneyEntryDialog } from "../../../components/money-entry/money-entry-dialog";
import { useEntryForm } from "../../../components/money-entry/use-entry-form";
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
  const entry = useEntryForm<Values>({
    open,
    onOpenChange,
    record: bill,
    values: () => fromBill(bill),
    fields: FIELDS,
    messages,
    pending: save.isPending,
    onClosed: save.reset,
  });
  const subscription = entry.form.watch("billType") === "subscription";

  const onSubmit = (values: Values) => {
    entry.form.clearErrors();
    const parsed = billInputSchema.safeParse(values);
    if (!parsed.success) {
      return entry.refuse(parsed.error, {
        title: t("bills.validation.missingInformation"),
        description: t("bills.form.missingText"),
      });
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
      onError: (error) => entry.fail(error, t("bills.form.failed")),
    });
  };

  return (
    <MoneyEntryDialog
      entry={entry}
      open={open}
      title={t(bill ? "bills.form.editTitle" : "bills.form.newTitle")}
      description={t("bills.form.description")}
      testId="bill-form"
      onSubmit={onSubmit}
      submitLabel={t(bill ? "bills.form.submitEdit" : "bills.form.submitNew")}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField entry={entry} name="name" required maxLength={120} label={t("bills.fields.name")} />
        <TextField entry={entry} name="vendor" maxLength={120} label={t("bills.fields.vendor")} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <SelectField
          entry={entry}
          name="billType"
          required
          label={t("bills.fields.billType")}
          options={BILL_TYPES.map((type) => ({ value: type, label: t(`bills.types.${type}`) }))}
        />
        {subscription ? (
          <SelectField
            entry={entry}
            name="frequency"
            required
            label={t("bills.fields.frequency")}
            placeholder={t("bills.form.choose")}
            options={BILL_FREQUENCIES.map((f) => ({ value: f, label: t(`bills.frequencies.${f}`) }))}
          />
        ) : null}
        <SelectField
          entry={entry}
          name="serviceType"
          required
          label={t("bills.fields.serviceType")}
          placeholder={t("bills.form.choose")}
          options={BILL_SERVICE_TYPES.map((s) => ({ value: s, label: t(`bills.services.${s}`) }))}
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <AmountField entry={entry} name="amount" label={t("bills.fields.amount")} />
        <DateField entry={entry} name="dueDate" label={t("bills.fields.dueDate")} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <TextField
          entry={entry}
          name="accountNumber"
          maxLength={60}
          label={t("bills.fields.accountNumber")}
        />
        <TextField
          entry={entry}
          name="contactPhone"
          type="tel"
          maxLength={40}
          label={t("bills.fields.contactPhone")}
        />
        <VehicleField
          entry={entry}
          name="vehicleId"
          label={t("bills.fields.vehicle")}
          selectedLabel={bill?.vehicleLabel}
          placeholder={t("bills.form.chooseVehicle")}
        />
      </div>
      <NotesField entry={entry} name="notes" label={t("bills.fields.notes")} maxLength={1000} />
    </MoneyEntryDialog>
  );
}
