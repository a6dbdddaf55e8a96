import { zodResolver } from "@hookform/resolvers/zod";
import {
  CUSTOMER_CONTACTS_MAX,
  type CustomerDetail,
  type CustomerInput,
  customerInputSchema,
  DEFAULT_PAYMENT_TERMS_DAYS,
  PAYMENT_TERMS_PRESETS,
} from "@shared/customers/customers.schema";
import { DEFAULT_DETENTION_FREE_MINUTES, DEFAULT_DETENTION_RATE } from "@shared/loads/stops.schema";
import { Plus, Save, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { type FieldError, type Path, type Resolver, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useSaveCustomer } from "../api/customers";
import { useCustomerFieldMessage } from "./use-customer-field-message";

/** Every input as typed; the shared schema turns it into the API's input. */
interface ContactValues {
  name: string;
  role: string;
  email: string;
  phone: string;
}
export interface CustomerFormValues {
  name: string;
  companyName: string;
  email: string;
  phone: string;
  address: string;
  billingAddress: string;
  paymentTermsDays: string;
  creditLimit: string;
  detentionFreeMinutes: string;
  detentionRate: string;
  notes: string;
  contacts: ContactValues[];
}

const EMPTY: CustomerFormValues = {
  name: "",
  companyName: "",
  email: "",
  phone: "",
  address: "",
  billingAddress: "",
  paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
  creditLimit: "",
  detentionFreeMinutes: String(DEFAULT_DETENTION_FREE_MINUTES),
  detentionRate: DEFAULT_DETENTION_RATE,
  notes: "",
  contacts: [],
};

export function valuesOf(c: CustomerDetail): CustomerFormValues {
  return {
    name: c.name,
    companyName: c.companyName,
    email: c.email ?? "",
    phone: c.phone ?? "",
    address: c.address ?? "",
    billingAddress: c.billingAddress ?? "",
    paymentTermsDays: String(c.paymentTermsDays),
    creditLimit: c.creditLimit ?? "",
    detentionFreeMinutes: String(c.detentionFreeMinutes),
    detentionRate: c.detentionRate,
    notes: c.notes,
    contacts: c.contacts.map((x) => ({ name: x.name, role: x.role, email: x.email ?? "", phone: x.phone })),
  };
}

const toInput = (v: CustomerFormValues): CustomerInput => ({
  ...v,
  paymentTermsDays: Number(v.paymentTermsDays),
  creditLimit: v.creditLimit.trim(),
  detentionFreeMinutes: v.detentionFreeMinutes.trim() === "" ? undefined : v.detentionFreeMinutes.trim(),
  detentionRate: v.detentionRate.trim(),
});

const schemaResolver = zodResolver(customerInputSchema);

/** The shared schema, run on what the request will carry. */
const resolver: Resolver<CustomerFormValues> = (values, context, options) =>
  schemaResolver(
    toInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<CustomerFormValues>>;

/** Create or edit a customer: company, contact, billing, terms, credit limit, notes and contacts. */
export function CustomerFormDialog({
  open,
  onOpenChange,
  customer,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this customer; creating when absent. */
  customer?: CustomerDetail;
  onSaved?: (saved: CustomerDetail) => void;
}) {
  const { t } = useTranslation("customers");
  const save = useSaveCustomer(customer?.id);
  const message = useCustomerFieldMessage();
  const form = useForm<CustomerFormValues>({
    defaultValues: customer ? valuesOf(customer) : EMPTY,
    resolver,
  });
  const { register, handleSubmit, formState, setError, reset, control, getValues } = form;
  const contacts = useFieldArray({ control, name: "contacts" });

  useEffect(() => {
    if (open) reset(customer ? valuesOf(customer) : EMPTY);
  }, [open, customer, reset]);

  const errorAt = (path: string): string | undefined => {
    let node: unknown = formState.errors;
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return message((node as FieldError | undefined)?.message);
  };

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
  };

  const onValid = async () => {
    try {
      const saved = await save.mutateAsync(toInput(getValues()));
      notify({
        title: t(customer ? "toast.updated" : "toast.created"),
        description: saved.companyName,
        variant: "success",
      });
      onSaved?.(saved);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error, 409, "CUSTOMER_EMAIL_TAKEN")) {
        setError("email", { type: "server", message: t("form.emailTaken") }, { shouldFocus: true });
      } else if (isApiError(error, 400)) {
        for (const [field, text] of Object.entries(error.fields))
          setError(field as Path<CustomerFormValues>, { type: "server", message: text });
      }
      notify({ title: t("toast.saveFailed"), description: describeError(error, t), variant: "error" });
    }
  };

  const onInvalid = () => {
    const v = getValues();
    if (!v.name.trim() || !v.companyName.trim()) {
      notify({
        title: t("common:errors.missingInformation"),
        description: t("form.requiredNames"),
        variant: "error",
      });
    } else {
      notify({ title: t("form.invalidTitle"), description: t("form.invalidText"), variant: "error" });
    }
  };

  const terms = getValues("paymentTermsDays");
  const presets: number[] = [...PAYMENT_TERMS_PRESETS];
  if (terms && !presets.includes(Number(terms))) presets.push(Number(terms));

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(customer ? "form.editTitle" : "form.newTitle")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="grid gap-5"
        data-testid="customer-form"
      >
        <section className="grid gap-4 sm:grid-cols-2">
          <Field label={t("fields.companyName")} error={errorAt("companyName")}>
            <Input autoComplete="organization" aria-required {...register("companyName")} />
          </Field>
          <Field label={t("fields.name")} error={errorAt("name")}>
            <Input autoComplete="name" aria-required {...register("name")} />
          </Field>
          <Field label={t("fields.email")} error={errorAt("email")}>
            <Input type="email" autoComplete="email" {...register("email")} />
          </Field>
          <Field label={t("fields.phone")} error={errorAt("phone")}>
            <Input type="tel" autoComplete="tel" {...register("phone")} />
          </Field>
          <Field label={t("fields.address")} error={errorAt("address")}>
            <Textarea rows={2} {...register("address")} />
          </Field>
          <Field
            label={t("fields.billingAddress")}
            hint={t("form.billingHint")}
            error={errorAt("billingAddress")}
          >
            <Textarea rows={2} {...register("billingAddress")} />
          </Field>
          <Field label={t("fields.paymentTermsDays")} error={errorAt("paymentTermsDays")}>
            <Select {...register("paymentTermsDays")}>
              {presets
                .sort((a, b) => a - b)
                .map((days) => (
                  <option key={days} value={String(days)}>
                    {days === 0 ? t("terms.onReceipt") : t("terms.net", { days })}
                  </option>
                ))}
            </Select>
          </Field>
          <Field label={t("fields.creditLimit")} hint={t("form.creditHint")} error={errorAt("creditLimit")}>
            <Input inputMode="decimal" placeholder="0.00" {...register("creditLimit")} />
          </Field>
          <Field
            label={t("fields.detentionFreeMinutes")}
            hint={t("form.detentionHint")}
            error={errorAt("detentionFreeMinutes")}
          >
            <Input
              inputMode="numeric"
              {...register("detentionFreeMinutes")}
              data-testid="field-detentionFreeMinutes"
            />
          </Field>
          <Field label={t("fields.detentionRate")} error={errorAt("detentionRate")}>
            <Input
              inputMode="decimal"
              placeholder="0.00"
              {...register("detentionRate")}
              data-testid="field-detentionRate"
            />
          </Field>
          <Field
            label={t("fields.notes")}
            hint={t("form.notesHint")}
            error={errorAt("notes")}
            className="sm:col-span-2"
          >
            <Textarea rows={2} {...register("notes")} />
          </Field>
        </section>

        <section className="grid gap-3" aria-labelledby="customer-contacts-heading">
          <div className="flex items-center justify-between gap-3">
            <div>
              <h3 id="customer-contacts-heading" className="text-sm font-semibold text-slate-900">
                {t("fields.contacts")}
              </h3>
              <p className="text-xs text-slate-500">{t("form.contactsHint")}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => contacts.append({ name: "", role: "", email: "", phone: "" })}
              disabled={contacts.fields.length >= CUSTOMER_CONTACTS_MAX}
              data-testid="add-contact"
            >
              <Plus aria-hidden />
              {t("form.addContact")}
            </Button>
          </div>
          {contacts.fields.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-200 px-3 py-4 text-center text-sm text-slate-500">
              {t("form.noContacts")}
            </p>
          ) : null}
          {contacts.fields.map((field, i) => (
            <fieldset
              key={field.id}
              className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto] sm:items-start"
              data-testid={`contact-${i}`}
            >
              <legend className="sr-only">{t("form.contactN", { n: i + 1 })}</legend>
              <Field label={t("contacts.name")} error={errorAt(`contacts.${i}.name`)}>
                <Input {...register(`contacts.${i}.name`)} />
              </Field>
              <Field label={t("contacts.role")} error={errorAt(`contacts.${i}.role`)}>
                <Input placeholder={t("contacts.rolePlaceholder")} {...register(`contacts.${i}.role`)} />
              </Field>
              <Field label={t("contacts.email")} error={errorAt(`contacts.${i}.email`)}>
                <Input type="email" {...register(`contacts.${i}.email`)} />
              </Field>
              <Field label={t("contacts.phone")} error={errorAt(`contacts.${i}.phone`)}>
                <Input type="tel" {...register(`contacts.${i}.phone`)} />
              </Field>
              <Button
                variant="ghost"
                size="icon"
                className="self-end text-slate-500 hover:text-red-600"
                aria-label={t("form.removeContact", { n: i + 1 })}
                onClick={() => contacts.remove(i)}
              >
                <Trash2 aria-hidden />
              </Button>
            </fieldset>
          ))}
        </section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-customer">
            {save.isPending ? <Spinner className="text-current" /> : <Save aria-hidden />}
            {t(customer ? "form.saveChanges" : "form.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
