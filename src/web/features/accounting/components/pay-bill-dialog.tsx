import { type Bill, nthDueDate, payBillSchema } from "@shared/accounting/bills.schema";
import { LEDGER_PAYMENT_METHODS } from "@shared/accounting/ledger.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { firstIssues } from "../../../lib/form-errors";
import { formatDate, formatMoney, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAccountingMessages } from "../accounting-messages";
import { usePayBill } from "../api/bills";

type Values = { paidOn: string; amount: string; method: string; reference: string };

/** The next due date after this one, as the server will set it (the same calendar rule). */
function nextDue(bill: Bill): string | null {
  if (!bill.frequency) return null;
  for (let n = 1; n < 600; n += 1) {
    const next = nthDueDate(bill.dueDate, bill.frequency, n);
    if (next > bill.dueDate) return next;
  }
  return null;
}

/** Mark as paid: the day, the amount (the bill's by default), how, and a reference. */
export function PayBillDialog({
  bill,
  open,
  onOpenChange,
}: {
  bill: Bill | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("accounting");
  const messages = useAccountingMessages();
  const pay = usePayBill();
  const [values, setValues] = useState<Values>({ paidOn: "", amount: "", method: "ach", reference: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  useEffect(() => {
    if (open && bill) {
      setValues({ paidOn: localToday(), amount: bill.amount, method: "ach", reference: "" });
      setErrors({});
    }
  }, [open, bill]);

  const set = (name: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };

  const confirm = () => {
    if (!bill) return;
    const parsed = payBillSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error));
      return;
    }
    pay.mutate(
      { id: bill.id, ...values, method: parsed.data.method },
      {
        onSuccess: (paid) => {
          notify({
            title: t("bills.pay.done"),
            description:
              paid.status === "open"
                ? t("bills.pay.doneNext", { date: formatDate(paid.dueDate) })
                : undefined,
            variant: "success",
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(error.fields as typeof errors);
          notify({ title: t("bills.pay.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );
  };

  const next = bill ? nextDue(bill) : null;
  const err = (name: keyof Values) => messages.field(errors[name]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("bills.pay.title")}
      description={
        bill
          ? t("bills.pay.description", {
              name: bill.name,
              amount: formatMoney(bill.amount),
              date: formatDate(bill.dueDate),
            })
          : undefined
      }
      confirmLabel={t("bills.pay.confirm")}
      pending={pay.isPending}
      onConfirm={confirm}
    >
      <div className="grid gap-4" data-testid="pay-bill-form">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("bills.pay.paidOn")} error={err("paidOn")}>
            <Input type="date" value={values.paidOn} onChange={set("paidOn")} aria-required />
          </Field>
          <Field label={t("bills.pay.amount")} error={err("amount")}>
            <Input inputMode="decimal" value={values.amount} onChange={set("amount")} />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("bills.pay.method")} error={err("method")}>
            <Select value={values.method} onChange={set("method")}>
              {LEDGER_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`methods.${m}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("bills.pay.reference")} error={err("reference")}>
            <Input maxLength={80} value={values.reference} onChange={set("reference")} />
          </Field>
        </div>
        {next ? (
          <p className="text-sm text-slate-600" data-testid="pay-bill-next">
            {t("bills.pay.nextDue", { date: formatDate(next) })}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
