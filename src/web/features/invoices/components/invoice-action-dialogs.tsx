import { zodResolver } from "@hookform/resolvers/zod";
import {
  type InvoiceDetail,
  NO_CUSTOMER_EMAIL_MESSAGE,
  PAYMENT_METHODS,
  recordPaymentSchema,
  sendInvoiceSchema,
  voidInvoiceSchema,
} from "@shared/invoices/invoices.schema";
import { Send } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { formatDay, formatMoney, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useRecordPayment, useSendInvoice, useVoidInvoice } from "../api/invoices";
import { useBillingMessages } from "../billing-messages";

interface DialogProps {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function serverFields<T extends string>(
  error: unknown,
  names: readonly T[],
  set: (name: T, message: string) => void,
) {
  if (error instanceof ApiRequestError && error.status === 400) {
    for (const [name, message] of Object.entries(error.fields)) {
      if ((names as readonly string[]).includes(name)) set(name as T, message);
    }
  }
}

// ---- Record a payment

type PaymentInput = z.input<typeof recordPaymentSchema>;
type PaymentOutput = z.output<typeof recordPaymentSchema>;

export function RecordPaymentDialog({ invoice, open, onOpenChange }: DialogProps) {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const record = useRecordPayment(invoice.id);
  const initial = (): PaymentInput => ({
    amount: invoice.balance,
    paidOn: localToday(),
    method: "ach",
    reference: "",
    note: "",
  });
  const { register, handleSubmit, formState, setError, reset } = useForm<
    PaymentInput,
    unknown,
    PaymentOutput
  >({
    resolver: zodResolver(recordPaymentSchema),
    defaultValues: initial(),
  });
  const errors = formState.errors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each open starts from the current balance
  useEffect(() => {
    if (open) reset(initial());
  }, [open]);

  const close = (next: boolean) => {
    if (record.isPending) return;
    onOpenChange(next);
    if (!next) record.reset();
  };

  const onValid = (values: PaymentOutput) =>
    record.mutate(values, {
      onSuccess: (saved) => {
        notify({
          title: t(saved.storedStatus === "paid" ? "payment.paidInFull" : "payment.recorded", {
            number: saved.invoiceNumber,
          }),
          description: t("payment.recordedText", {
            amount: formatMoney(values.amount),
            balance: formatMoney(saved.balance),
          }),
          variant: "success",
        });
        close(false);
      },
      onError: (error) => {
        serverFields(error, ["amount", "paidOn", "method", "reference", "note"] as const, (name, message) =>
          setError(name, { type: "server", message: messages.field(message) }),
        );
        if (error instanceof ApiRequestError && error.code === "OVERPAYMENT") {
          setError("amount", { type: "server", message: messages.error(error) });
        }
        notify({ title: t("payment.failed"), description: messages.error(error), variant: "error" });
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("payment.title", { number: invoice.invoiceNumber })}
      description={t("payment.description", { balance: formatMoney(invoice.balance) })}
      closeLabel={t("common:actions.close")}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4" data-testid="payment-form">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label={t("fields.amount")}
            error={messages.field(errors.amount?.message)}
            hint={t("payment.amountHint")}
          >
            <Input inputMode="decimal" autoFocus {...register("amount")} data-testid="field-amount" />
          </Field>
          <Field label={t("fields.paidOn")} error={messages.field(errors.paidOn?.message)}>
            <Input type="date" max={localToday()} {...register("paidOn")} data-testid="field-paidOn" />
          </Field>
          <Field label={t("fields.method")} error={messages.field(errors.method?.message)}>
            <Select {...register("method")} data-testid="field-method">
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`methods.${m}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t("fields.reference")}
            error={messages.field(errors.reference?.message)}
            hint={t("payment.referenceHint")}
          >
            <Input maxLength={100} {...register("reference")} />
          </Field>
        </div>
        <Field
          label={t("fields.paymentNote")}
          error={messages.field(errors.note?.message)}
          hint={t("payment.noteHint")}
        >
          <Textarea rows={2} maxLength={500} {...register("note")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={record.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={record.isPending} data-testid="save-payment">
            {record.isPending ? <Spinner className="text-current" /> : null}
            {t("payment.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

// ---- Send by email

type SendInput = z.input<typeof sendInvoiceSchema>;
type SendOutput = z.output<typeof sendInvoiceSchema>;

export function SendInvoiceDialog({ invoice, open, onOpenChange }: DialogProps) {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const send = useSendInvoice(invoice.id);
  const initial = (): SendInput => ({ to: invoice.billTo.email ?? "", message: "" });
  const { register, handleSubmit, formState, setError, reset } = useForm<SendInput, unknown, SendOutput>({
    resolver: zodResolver(sendInvoiceSchema),
    defaultValues: initial(),
  });
  const errors = formState.errors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each open starts from the customer's address
  useEffect(() => {
    if (open) reset(initial());
  }, [open]);
  const documents = invoice.loads.reduce(
    (s, l) => s + l.rateConfirmations + l.billsOfLading + l.proofsOfDelivery,
    0,
  );

  const close = (next: boolean) => {
    if (send.isPending) return;
    onOpenChange(next);
    if (!next) send.reset();
  };

  const onValid = (values: SendOutput) =>
    send.mutate(values, {
      onSuccess: (result) => {
        notify({
          title: t(result.delivery === "sent" ? "send.sent" : "send.stored", {
            number: invoice.invoiceNumber,
          }),
          description: result.skippedFiles.length
            ? t("send.skipped", { files: result.skippedFiles.join(", ") })
            : t("send.sentText", { to: result.to }),
          variant: "success",
        });
        close(false);
      },
      onError: (error) => {
        serverFields(error, ["to", "message"] as const, (name, message) =>
          setError(name, { type: "server", message: messages.field(message) }),
        );
        // Spec section 8: "No Email Found" when the customer has no address.
        const noEmail = error instanceof ApiRequestError && error.fields.to === NO_CUSTOMER_EMAIL_MESSAGE;
        notify({
          title: t(noEmail ? "send.noEmail" : "send.failed"),
          description: messages.error(error),
          variant: "error",
        });
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("send.title", { number: invoice.invoiceNumber })}
      description={t("send.description")}
      closeLabel={t("common:actions.close")}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4" data-testid="send-form">
        <Field label={t("fields.sendTo")} error={messages.field(errors.to?.message)}>
          <Input type="email" autoComplete="email" {...register("to")} data-testid="field-to" />
        </Field>
        <Field
          label={t("fields.message")}
          error={messages.field(errors.message?.message)}
          hint={t("send.messageHint")}
        >
          <Textarea rows={4} maxLength={2000} {...register("message")} />
        </Field>
        <Alert tone="info">
          {t("send.attachment", {
            number: invoice.invoiceNumber,
            count: documents,
            amount: formatMoney(invoice.balance),
            date: formatDay(invoice.dueDate),
          })}
        </Alert>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={send.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={send.isPending} data-testid="confirm-send">
            {send.isPending ? <Spinner className="text-current" /> : <Send aria-hidden />}
            {t("send.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

// ---- Void

type VoidInput = z.input<typeof voidInvoiceSchema>;
type VoidOutput = z.output<typeof voidInvoiceSchema>;

export function VoidInvoiceDialog({ invoice, open, onOpenChange }: DialogProps) {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const voidIt = useVoidInvoice(invoice.id);
  const { register, handleSubmit, formState, reset } = useForm<VoidInput, unknown, VoidOutput>({
    resolver: zodResolver(voidInvoiceSchema),
    defaultValues: { reason: "" },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each open starts empty
  useEffect(() => {
    if (open) reset({ reason: "" });
  }, [open]);

  const close = (next: boolean) => {
    if (voidIt.isPending) return;
    onOpenChange(next);
    if (!next) voidIt.reset();
  };

  const onValid = ({ reason }: VoidOutput) =>
    voidIt.mutate(reason, {
      onSuccess: () => {
        notify({
          title: t("void.done", { number: invoice.invoiceNumber }),
          description: t("void.doneText"),
          variant: "success",
        });
        close(false);
      },
      onError: (error) =>
        notify({ title: t("void.failed"), description: messages.error(error), variant: "error" }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("void.title", { number: invoice.invoiceNumber })}
      description={t(invoice.storedStatus === "sent" ? "void.descriptionSent" : "void.description")}
      closeLabel={t("common:actions.close")}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4">
        <Field label={t("fields.voidReason")} error={messages.field(formState.errors.reason?.message)}>
          <Textarea
            rows={3}
            maxLength={500}
            autoFocus
            {...register("reason")}
            data-testid="field-voidReason"
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={voidIt.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={voidIt.isPending} data-testid="confirm-void">
            {voidIt.isPending ? <Spinner className="text-current" /> : null}
            {t("void.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
