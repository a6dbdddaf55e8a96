import { zodResolver } from "@hookform/resolvers/zod";
import {
  addDays,
  type BillableLoad,
  type BillingCustomer,
  createInvoiceSchema,
  INVOICE_MAX_LOADS,
  type InvoiceDetail,
  sumMoney,
} from "@shared/invoices/invoices.schema";
import { ArrowRight, FileCheck2, FileWarning } from "lucide-react";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { formatDate, formatDay, formatMoney, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useBillableLoads, useSaveInvoice } from "../api/invoices";
import { useBillingMessages } from "../billing-messages";
import { BillingCustomerPicker } from "./billing-customer-picker";

type FormInput = z.input<typeof createInvoiceSchema>;
type FormOutput = z.output<typeof createInvoiceSchema>;

/**
 * New invoice (pick a customer, then their completed loads not yet billed) or a draft's changes
 * (its loads, dates and notes). Lines come from the loads' charges on the server; the total here
 * is a preview from the same rule.
 */
export function InvoiceFormDialog({
  open,
  onOpenChange,
  invoice,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A draft to edit; none to create. */
  invoice?: InvoiceDetail;
  onSaved: (invoice: InvoiceDetail) => void;
}) {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const save = useSaveInvoice(invoice?.id);
  const initial = (): FormInput => ({
    customerId: invoice?.customerId ?? "",
    loadIds: invoice?.loads.map((l) => l.id) ?? [],
    issueDate: invoice?.issueDate ?? "",
    dueDate: invoice?.dueDate ?? "",
    notes: invoice?.notes ?? "",
  });
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createInvoiceSchema),
    defaultValues: initial(),
  });
  const { register, handleSubmit, formState, setError, reset, watch, control, setValue } = form;
  const errors = formState.errors;
  const [customer, setCustomer] = useState<{ name: string; terms: number } | null>(
    invoice ? { name: invoice.customerName, terms: invoice.paymentTermsDays } : null,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new open starts from the invoice as it is
  useEffect(() => {
    if (open) {
      reset(initial());
      setCustomer(invoice ? { name: invoice.customerName, terms: invoice.paymentTermsDays } : null);
    }
  }, [open, invoice?.id]);

  const customerId = watch("customerId");
  const loadIds = watch("loadIds") ?? [];
  const issueDate = watch("issueDate");
  const billable = useBillableLoads(customerId || null, invoice?.id);
  const loads = billable.data ?? [];
  const selected = loads.filter((l) => loadIds.includes(l.id));
  const total = sumMoney(selected.map((l) => l.amount));
  const terms = customer?.terms ?? 30;
  const defaultDue = addDays(issueDate || localToday(), terms);

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
    if (!next) save.reset();
  };

  const onValid = (values: FormOutput) => {
    const { customerId: id, ...rest } = values;
    save.mutate(invoice ? rest : { customerId: id, ...rest }, {
      onSuccess: (saved) => {
        notify({
          title: t(invoice ? "form.saved" : "form.created", { number: saved.invoiceNumber }),
          description: t("form.savedText", { total: formatMoney(saved.total) }),
          variant: "success",
        });
        onOpenChange(false);
        onSaved(saved);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 400) {
          for (const [name, message] of Object.entries(error.fields)) {
            if (["customerId", "loadIds", "issueDate", "dueDate", "notes"].includes(name)) {
              setError(name as keyof FormInput, { type: "server", message });
            }
          }
        }
        notify({ title: t("form.failed"), description: messages.error(error), variant: "error" });
        // Someone else may have billed a load meanwhile: show the list as it now is.
        if (error instanceof ApiRequestError && error.status === 409) void billable.refetch();
      },
    });
  };

  const onInvalid = () =>
    notify({
      title: t("common:errors.missingInformation"),
      description: t("form.checkFields"),
      variant: "error",
    });

  const toggleAll = () =>
    setValue(
      "loadIds",
      selected.length === loads.length ? [] : loads.slice(0, INVOICE_MAX_LOADS).map((l) => l.id),
      {
        shouldValidate: formState.isSubmitted,
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={invoice ? t("form.editTitle", { number: invoice.invoiceNumber }) : t("form.newTitle")}
      description={t(invoice ? "form.editDescription" : "form.newDescription")}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="grid gap-4"
        data-testid="invoice-form"
      >
        {invoice ? (
          <p className="text-sm text-slate-700">
            <span className="text-slate-500">{t("fields.customer")}: </span>
            <span className="font-medium">{invoice.customerName}</span>
          </p>
        ) : (
          <Field
            label={t("fields.customer")}
            error={messages.field(errors.customerId?.message)}
            hint={customer ? t("form.terms", { count: customer.terms }) : undefined}
          >
            <CustomerField
              value={customerId || null}
              selectedLabel={customer?.name}
              onChange={(id, row) => {
                setValue("customerId", id ?? "", { shouldValidate: formState.isSubmitted });
                setValue("loadIds", []);
                setCustomer(row ? { name: row.companyName, terms: row.paymentTermsDays } : null);
              }}
            />
          </Field>
        )}

        {customerId ? (
          <fieldset className="grid gap-2" aria-describedby="invoice-loads-error">
            <div className="flex items-center justify-between gap-2">
              <legend className="text-sm font-medium text-slate-700">{t("form.loads")}</legend>
              {loads.length > 1 ? (
                <Button variant="ghost" size="sm" onClick={toggleAll}>
                  {selected.length === loads.length ? t("form.selectNone") : t("form.selectAll")}
                </Button>
              ) : null}
            </div>
            {billable.isLoading ? (
              <Spinner label={t("common:loading")} className="px-1 py-4 text-sm" />
            ) : billable.isError ? (
              <Alert tone="danger">{messages.error(billable.error)}</Alert>
            ) : loads.length === 0 ? (
              <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
                {t("form.noLoads")}
              </p>
            ) : (
              <Controller
                control={control}
                name="loadIds"
                render={({ field }) => (
                  <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
                    {loads.map((load) => (
                      <BillableLoadRow
                        key={load.id}
                        load={load}
                        checked={(field.value ?? []).includes(load.id)}
                        onToggle={(on) =>
                          field.onChange(
                            on
                              ? [...(field.value ?? []), load.id]
                              : (field.value ?? []).filter((id) => id !== load.id),
                          )
                        }
                      />
                    ))}
                  </ul>
                )}
              />
            )}
            {errors.loadIds ? (
              <p id="invoice-loads-error" role="alert" className="text-sm text-red-600">
                {messages.field(errors.loadIds.message ?? errors.loadIds.root?.message)}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label={t("fields.issueDate")}
            error={messages.field(errors.issueDate?.message)}
            hint={t("form.issueHint")}
          >
            <Input type="date" {...register("issueDate")} data-testid="field-issueDate" />
          </Field>
          <Field
            label={t("fields.dueDate")}
            error={messages.field(errors.dueDate?.message)}
            hint={t("form.dueHint", { count: terms, date: formatDay(defaultDue) })}
          >
            <Input
              type="date"
              min={issueDate || undefined}
              {...register("dueDate")}
              data-testid="field-dueDate"
            />
          </Field>
        </div>
        <Field
          label={t("fields.notes")}
          error={messages.field(errors.notes?.message)}
          hint={t("form.notesHint")}
        >
          <Textarea rows={2} maxLength={2000} {...register("notes")} />
        </Field>

        <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600" aria-live="polite">
            {t("form.summary", { count: selected.length })}{" "}
            <span className="font-semibold tabular-nums text-slate-900" data-testid="invoice-total-preview">
              {formatMoney(total)}
            </span>
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="save-invoice">
              {save.isPending ? <Spinner className="text-current" /> : null}
              {invoice ? t("common:actions.save") : t("form.create")}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}

/** The picker as a Field child: Field hands it the id and aria attributes that tie it to its label. */
function CustomerField(props: {
  value: string | null;
  selectedLabel?: string;
  onChange: (id: string | null, row: BillingCustomer | null) => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return <BillingCustomerPicker {...props} />;
}

function BillableLoadRow({
  load,
  checked,
  onToggle,
}: {
  load: BillableLoad;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation("invoices");
  const docs = load.rateConfirmations + load.billsOfLading + load.proofsOfDelivery;
  const missingBol = load.billsOfLading + load.proofsOfDelivery === 0;
  return (
    <li>
      <label
        className={cn(
          "flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-slate-50",
          checked && "bg-brand-50/60",
        )}
        data-testid={`billable-${load.loadNumber}`}
      >
        <input
          type="checkbox"
          className="mt-1 size-4 accent-brand-700"
          checked={checked}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-sm font-semibold text-slate-900">{load.loadNumber}</span>
            <span className="text-sm font-semibold tabular-nums text-slate-900">
              {formatMoney(load.amount)}
            </span>
          </span>
          <span className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
            {load.pickupCity}, {load.pickupState}
            <ArrowRight className="size-3.5 text-slate-500" aria-hidden />
            {load.deliveryCity}, {load.deliveryState}
            <span className="text-slate-500">·</span>
            {t("form.delivered", { date: formatDate(load.deliveredAt ?? load.pickupAt) })}
          </span>
          <span
            className={cn(
              "flex items-center gap-1 text-xs",
              missingBol ? "text-amber-700" : "text-slate-500",
            )}
          >
            {missingBol ? (
              <FileWarning className="size-3.5" aria-hidden />
            ) : (
              <FileCheck2 className="size-3.5" aria-hidden />
            )}
            {docs === 0
              ? t("form.noDocuments")
              : t("form.documents", {
                  rc: load.rateConfirmations,
                  bol: load.billsOfLading + load.proofsOfDelivery,
                })}
          </span>
        </span>
      </label>
    </li>
  );
}
