import {
  HOLDER_KINDS,
  type HolderRequest,
  type HolderRequestInput,
  holderRequestInputSchema,
} from "@shared/certificates/certificates.schema";
import { useEffect, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CustomerPicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { showSchemaErrors, showServerErrors } from "../../../lib/form-errors";
import { localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCertificates, useSaveHolderRequest } from "../api/certificates";
import { useCertificateMessages } from "../certificates-messages";

interface Values {
  holderName: string;
  holderKind: string;
  customerId: string;
  holderEmail: string;
  holderAddress: string;
  certificateId: string;
  requestedOn: string;
  notes: string;
}
const FIELDS = [
  "holderName",
  "holderKind",
  "customerId",
  "holderEmail",
  "holderAddress",
  "certificateId",
  "requestedOn",
  "notes",
] as const;

const fromRequest = (r: HolderRequest | null, certificateId: string): Values => ({
  holderName: r?.holderName ?? "",
  holderKind: r?.holderKind ?? "customer",
  customerId: r?.customerId ?? "",
  holderEmail: r?.holderEmail ?? "",
  holderAddress: r?.holderAddress ?? "",
  certificateId: r?.certificateId ?? certificateId,
  requestedOn: r?.requestedOn ?? localToday(),
  notes: r?.notes ?? "",
});

/**
 * A certificate holder's request: who asked (a customer from the list, a broker, anyone), where the
 * certificate goes, and which of the company's certificates the agent issues it from.
 */
export function HolderRequestDialog({
  open,
  request,
  onOpenChange,
}: {
  open: boolean;
  request: HolderRequest | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("certificates");
  const messages = useCertificateMessages();
  const save = useSaveHolderRequest(request?.id ?? null);
  const ours = useCertificates({
    direction: "company",
    page: 1,
    pageSize: 100,
    sort: "expiresOn",
    dir: "desc",
  });
  const firstOurs = ours.data?.items[0]?.id ?? "";
  const { register, handleSubmit, formState, setError, clearErrors, reset, control, watch, setValue } =
    useForm<Values>({ defaultValues: fromRequest(request, firstOurs) });
  const customer = useController({ control, name: "customerId" }).field;
  const [customerLabel, setCustomerLabel] = useState<string | undefined>();
  const errors = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset(fromRequest(request, firstOurs));
    setCustomerLabel(request?.customerId ? request.holderName : undefined);
  }, [open, request, reset, firstOurs]);

  const onSubmit = (values: Values) => {
    clearErrors();
    const parsed = holderRequestInputSchema.safeParse(values);
    if (!parsed.success) {
      showSchemaErrors(setError, FIELDS, parsed.error);
      notify({ title: t("holders.form.failed"), description: t("form.fixFields"), variant: "error" });
      return;
    }
    save.mutate(values as HolderRequestInput, {
      onSuccess: (saved) => {
        notify({ title: t("holders.form.saved", { name: saved.holderName }), variant: "success" });
        onOpenChange(false);
      },
      onError: (error) => {
        showServerErrors(setError, FIELDS, error);
        notify({ title: t("holders.form.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };
  const err = (name: keyof Values) => messages.field(errors[name]?.message);

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title={t(request ? "holders.form.editTitle" : "holders.form.newTitle")}
      description={t("holders.form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="holder-form">
        <div className="grid items-start gap-4 sm:grid-cols-[1fr_2fr]">
          <Field label={t("holders.fields.kind")} error={err("holderKind")}>
            <Select {...register("holderKind")}>
              {HOLDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`holderKinds.${k}`)}
                </option>
              ))}
            </Select>
          </Field>
          {watch("holderKind") === "customer" ? (
            <Field label={t("holders.fields.customer")} error={err("customerId")}>
              <CustomerPicker
                value={customer.value || null}
                selectedLabel={customerLabel}
                onChange={(id, row) => {
                  customer.onChange(id ?? "");
                  setCustomerLabel(row?.companyName);
                  if (row) setValue("holderName", row.companyName);
                }}
              />
            </Field>
          ) : (
            <div />
          )}
        </div>
        <Field label={t("holders.fields.name")} error={err("holderName")}>
          <Input maxLength={200} aria-required {...register("holderName")} />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label={t("holders.fields.email")}
            error={err("holderEmail")}
            hint={t("holders.form.emailHint")}
          >
            <Input type="email" maxLength={200} {...register("holderEmail")} />
          </Field>
          <Field label={t("holders.fields.requestedOn")} error={err("requestedOn")}>
            <Input type="date" {...register("requestedOn")} />
          </Field>
        </div>
        <Field label={t("holders.fields.address")} error={err("holderAddress")}>
          <Input maxLength={400} {...register("holderAddress")} />
        </Field>
        <Field label={t("holders.fields.certificate")} error={err("certificateId")}>
          <Select {...register("certificateId")}>
            <option value="">{t("holders.form.noCertificate")}</option>
            {(ours.data?.items ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.insuredName} · {c.producerName}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("fields.notes")} error={err("notes")}>
          <Textarea rows={2} maxLength={2000} {...register("notes")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={save.isPending}
          >
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-holder">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t("holders.form.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
