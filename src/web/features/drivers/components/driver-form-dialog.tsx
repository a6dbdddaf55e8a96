import { zodResolver } from "@hookform/resolvers/zod";
import { can } from "@shared/access";
import {
  type CreateDriverInput,
  createDriverSchema,
  type DriverDetail,
  updateDriverSchema,
  WORKER_TYPES,
  type WorkerType,
} from "@shared/drivers/management.schema";
import { PAY_TYPES, type PayType } from "@shared/loads/loads.schema";
import { type ReactNode, useEffect, useRef } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useCreateDriver, useUpdateDriver } from "../api/drivers";
import { useDriverMessages } from "../driver-messages";

interface FormValues {
  fullName: string;
  phone: string;
  email: string;
  taxId: string;
  licenseNumber: string;
  licenseState: string;
  licenseExpiry: string;
  medicalCardExpiry: string;
  insuranceProvider: string;
  insurancePolicyNumber: string;
  insuranceExpiry: string;
  hireDate: string;
  defaultPayType: "" | PayType;
  defaultPayRate: string;
  workerType: WorkerType;
  mailingStreet: string;
  mailingCity: string;
  mailingState: string;
  mailingPostalCode: string;
  taxFormsEconsent: boolean;
  notes: string;
  createAccount: boolean;
  password: string;
}
type FieldName = keyof FormValues;

const EMPTY: FormValues = {
  fullName: "",
  phone: "",
  email: "",
  taxId: "",
  licenseNumber: "",
  licenseState: "",
  licenseExpiry: "",
  medicalCardExpiry: "",
  insuranceProvider: "",
  insurancePolicyNumber: "",
  insuranceExpiry: "",
  hireDate: "",
  defaultPayType: "",
  defaultPayRate: "",
  workerType: "company",
  mailingStreet: "",
  mailingCity: "",
  mailingState: "",
  mailingPostalCode: "",
  taxFormsEconsent: false,
  notes: "",
  createAccount: false,
  password: "",
};

/** The form's values for an existing driver; a masked tax id is not put in the box (it cannot be sent back). */
function valuesOf(d: DriverDetail): FormValues {
  return {
    fullName: d.fullName,
    phone: d.phone ?? "",
    email: d.email ?? "",
    taxId: d.taxIdMasked ? "" : (d.taxId ?? ""),
    licenseNumber: d.licenseNumber ?? "",
    licenseState: d.licenseState ?? "",
    licenseExpiry: d.licenseExpiry ?? "",
    medicalCardExpiry: d.medicalCardExpiry ?? "",
    insuranceProvider: d.insuranceProvider ?? "",
    insurancePolicyNumber: d.insurancePolicyNumber ?? "",
    insuranceExpiry: d.insuranceExpiry ?? "",
    hireDate: d.hireDate ?? "",
    defaultPayType: d.defaultPayType ?? "",
    defaultPayRate: d.defaultPayRate ?? "",
    workerType: d.workerType,
    mailingStreet: d.mailingStreet,
    mailingCity: d.mailingCity,
    mailingState: d.mailingState,
    mailingPostalCode: d.mailingPostalCode,
    taxFormsEconsent: d.taxFormsEconsent,
    notes: d.notes,
    createAccount: false,
    password: "",
  };
}

/**
 * Create or edit a driver. Validation is the shared schema (the server parses with the same); server
 * field errors land on the same inputs, and the data stays as typed on any error. Creating can also
 * create the driver's sign-in account, in the same request.
 */
export function DriverFormDialog({
  open,
  onOpenChange,
  driver,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this driver; create a new one without it. */
  driver?: DriverDetail;
  onSaved?: (driver: DriverDetail) => void;
}) {
  const { t } = useTranslation(["drivers", "loads"]);
  const me = useMe().data;
  const messages = useDriverMessages();
  const editing = !!driver;
  const maskedTaxId = !!driver?.taxIdMasked;
  const mayCreateAccount = !editing && can(me ?? null, "drivers:accounts");
  const create = useCreateDriver();
  const update = useUpdateDriver(driver?.id ?? "");
  const mutation = editing ? update : create;

  const form = useForm<FormValues>({
    resolver: zodResolver(
      editing ? updateDriverSchema : createDriverSchema,
    ) as unknown as Resolver<FormValues>,
    defaultValues: driver ? valuesOf(driver) : EMPTY,
  });
  const { register, handleSubmit, formState, setError, reset, watch } = form;
  const createAccount = watch("createAccount");

  // Opening the dialog starts from the driver as it is now (a refetch while typing changes nothing).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) reset(driver ? valuesOf(driver) : EMPTY);
    wasOpen.current = open;
  }, [open, driver, reset]);

  const close = (next: boolean) => {
    if (mutation.isPending) return;
    onOpenChange(next);
  };

  const errorOf = (name: FieldName) => messages.field(formState.errors[name]?.message);

  const onValid = (values: FormValues) => {
    const { createAccount: withAccount, password, taxId, ...fields } = values;
    const body: CreateDriverInput = {
      ...fields,
      // A masked tax id left empty keeps the one on file.
      ...(maskedTaxId && !taxId ? {} : { taxId }),
      ...(editing ? {} : { createAccount: withAccount, password: withAccount ? password : undefined }),
    };
    const title = editing ? t("toast.updateFailed") : t("toast.createFailed");
    const done = (saved: DriverDetail) => {
      notify({
        title: editing ? t("toast.updated") : t("toast.created"),
        description: saved.fullName,
        variant: "success",
      });
      onOpenChange(false);
      onSaved?.(saved);
    };
    const failed = (error: unknown) => {
      if (isApiError(error, 400) || isApiError(error, 409)) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in EMPTY) setError(name as FieldName, { type: "server", message });
        }
      }
      // The spec's titles: "Error creating driver" / "Error updating driver".
      notify({ title, description: messages.error(error), variant: "error" });
    };
    if (editing) update.mutate(body, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  };

  const onInvalid = () =>
    notify({
      title: t("common:errors.missingInformation"),
      description: t("form.missing"),
      variant: "error",
    });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={editing ? t("form.editTitle", { name: driver.fullName }) : t("form.newTitle")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={mutation.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" form="driver-form" disabled={mutation.isPending} data-testid="save-driver">
            {mutation.isPending ? <Spinner className="text-current" /> : null}
            {editing ? t("common:actions.save") : t("form.create")}
          </Button>
        </>
      }
    >
      <form
        id="driver-form"
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="grid gap-6"
        data-testid="driver-form"
      >
        <Section title={t("form.sections.identity")}>
          <Field label={t("fields.fullName")} error={errorOf("fullName")} className="sm:col-span-2">
            <Input autoComplete="off" {...register("fullName")} />
          </Field>
          <Field label={t("fields.phone")} error={errorOf("phone")}>
            <Input type="tel" autoComplete="off" {...register("phone")} />
          </Field>
          <Field
            label={t("fields.email")}
            error={errorOf("email")}
            hint={createAccount ? t("form.emailSignIn") : undefined}
          >
            <Input type="email" autoComplete="off" {...register("email")} />
          </Field>
          <Field
            label={t("fields.taxId")}
            error={errorOf("taxId")}
            hint={
              maskedTaxId && driver?.taxId
                ? t("form.taxIdKeep", { masked: driver.taxId })
                : t("form.taxIdHint")
            }
          >
            <Input
              autoComplete="off"
              inputMode="numeric"
              placeholder={maskedTaxId ? (driver?.taxId ?? undefined) : "123-45-6789"}
              {...register("taxId")}
            />
          </Field>
          <Field label={t("fields.hireDate")} error={errorOf("hireDate")}>
            <Input type="date" {...register("hireDate")} />
          </Field>
        </Section>

        <Section title={t("form.sections.license")}>
          <Field label={t("fields.licenseNumber")} error={errorOf("licenseNumber")}>
            <Input autoComplete="off" {...register("licenseNumber")} />
          </Field>
          <Field label={t("fields.licenseState")} error={errorOf("licenseState")}>
            <Input autoComplete="off" maxLength={2} className="uppercase" {...register("licenseState")} />
          </Field>
          <Field label={t("fields.licenseExpiry")} error={errorOf("licenseExpiry")}>
            <Input type="date" {...register("licenseExpiry")} />
          </Field>
          <Field label={t("fields.medicalCardExpiry")} error={errorOf("medicalCardExpiry")}>
            <Input type="date" {...register("medicalCardExpiry")} />
          </Field>
        </Section>

        <Section title={t("form.sections.insurance")}>
          <Field label={t("fields.insuranceProvider")} error={errorOf("insuranceProvider")}>
            <Input autoComplete="off" {...register("insuranceProvider")} />
          </Field>
          <Field label={t("fields.insurancePolicyNumber")} error={errorOf("insurancePolicyNumber")}>
            <Input autoComplete="off" {...register("insurancePolicyNumber")} />
          </Field>
          <Field label={t("fields.insuranceExpiry")} error={errorOf("insuranceExpiry")}>
            <Input type="date" {...register("insuranceExpiry")} />
          </Field>
        </Section>

        <Section title={t("form.sections.pay")} description={t("form.payHint")}>
          <Field label={t("fields.defaultPayType")} error={errorOf("defaultPayType")}>
            <Select {...register("defaultPayType")}>
              <option value="">{t("form.noDefaultPay")}</option>
              {PAY_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`loads:payTypes.${p}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("fields.defaultPayRate")} error={errorOf("defaultPayRate")}>
            <Input inputMode="decimal" autoComplete="off" {...register("defaultPayRate")} />
          </Field>
          <Field label={t("fields.workerType")} error={errorOf("workerType")} className="sm:col-span-2">
            <Select data-testid="worker-type" {...register("workerType")}>
              {WORKER_TYPES.map((w) => (
                <option key={w} value={w}>
                  {t(`workerTypes.${w}`)}
                </option>
              ))}
            </Select>
          </Field>
        </Section>

        <Section title={t("form.sections.taxForms")} description={t("form.taxFormsHint")}>
          <Field label={t("fields.mailingStreet")} error={errorOf("mailingStreet")} className="sm:col-span-2">
            <Input autoComplete="off" {...register("mailingStreet")} />
          </Field>
          <Field label={t("fields.mailingCity")} error={errorOf("mailingCity")}>
            <Input autoComplete="off" {...register("mailingCity")} />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label={t("fields.mailingState")} error={errorOf("mailingState")}>
              <Input autoComplete="off" maxLength={2} {...register("mailingState")} />
            </Field>
            <Field label={t("fields.mailingPostalCode")} error={errorOf("mailingPostalCode")}>
              <Input
                autoComplete="off"
                inputMode="numeric"
                maxLength={10}
                {...register("mailingPostalCode")}
              />
            </Field>
          </div>
          <label className="flex min-h-11 items-start gap-3 sm:col-span-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500"
              {...register("taxFormsEconsent")}
            />
            <span className="grid gap-0.5 text-sm">
              <span className="font-medium text-slate-800">{t("fields.taxFormsEconsent")}</span>
              <span className="text-slate-500">{t("form.econsentHint")}</span>
            </span>
          </label>
        </Section>

        <Field label={t("fields.notes")} error={errorOf("notes")}>
          <Textarea rows={3} {...register("notes")} />
        </Field>

        {mayCreateAccount ? (
          <Section title={t("form.sections.account")} description={t("form.accountHint")}>
            <label className="flex items-start gap-3 sm:col-span-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500"
                data-testid="create-account"
                {...register("createAccount")}
              />
              <span className="grid gap-0.5 text-sm">
                <span className="font-medium text-slate-800">{t("form.createAccount")}</span>
                <span className="text-slate-500">{t("form.createAccountText")}</span>
              </span>
            </label>
            {createAccount ? (
              <Field
                label={t("fields.temporaryPassword")}
                error={errorOf("password")}
                hint={t("form.passwordHint")}
              >
                <Input type="password" autoComplete="new-password" {...register("password")} />
              </Field>
            ) : null}
          </Section>
        ) : null}
      </form>
    </Dialog>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 grid gap-0.5">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        {description ? <span className="text-xs text-slate-500">{description}</span> : null}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
