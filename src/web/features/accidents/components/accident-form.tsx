import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AccidentDetail,
  type AccidentInput,
  accidentInputSchema,
} from "@shared/accidents/accidents.schema";
import { Save } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type FieldErrors, type Path, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { SectionCard } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { ControlledSafetyPicker } from "../../citations/components/controlled-safety-picker";
import { useSafetyMessages } from "../../citations/safety-messages";

/** What the form edits: the inputs as typed (the date-time is the browser's local "YYYY-MM-DDTHH:mm"). */
export interface AccidentFormValues {
  occurredAt: string;
  location: string;
  driverId: string | null;
  vehicleId: string | null;
  trailerId: string | null;
  policeReportNumber: string;
  description: string;
  injuries: boolean;
  claimAmount: string;
  insurer: string;
  claimNumber: string;
}

export const EMPTY_ACCIDENT: AccidentFormValues = {
  occurredAt: "",
  location: "",
  driverId: null,
  vehicleId: null,
  trailerId: null,
  policeReportNumber: "",
  description: "",
  injuries: false,
  claimAmount: "",
  insurer: "",
  claimNumber: "",
};

const REQUIRED: Array<keyof AccidentFormValues> = ["occurredAt", "location", "description"];
const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the value of a `datetime-local` input, in the user's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form's values as the shared schema's input (a local date-time becomes a UTC instant). */
export function toAccidentInput(v: AccidentFormValues): AccidentInput {
  const when = v.occurredAt ? new Date(v.occurredAt) : null;
  return {
    ...v,
    occurredAt: when && !Number.isNaN(when.getTime()) ? when.toISOString() : v.occurredAt,
    claimAmount: v.claimAmount.trim(),
  };
}

export function fromAccidentDetail(a: AccidentDetail): AccidentFormValues {
  return {
    occurredAt: toLocalInput(a.occurredAt),
    location: a.location,
    driverId: a.driverId,
    vehicleId: a.vehicleId,
    trailerId: a.trailerId,
    policeReportNumber: a.policeReportNumber,
    description: a.description,
    injuries: a.injuries,
    claimAmount: a.claimAmount ?? "",
    insurer: a.insurer,
    claimNumber: a.claimNumber,
  };
}

const schemaResolver = zodResolver(accidentInputSchema);
/** The shared schema, run on what the request will carry. */
const resolver: Resolver<AccidentFormValues> = (values, context, options) =>
  schemaResolver(
    toAccidentInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<AccidentFormValues>>;

/**
 * The accident report, new or edited. Validation is the shared schema the server parses with; server
 * field errors land on the same inputs; on any error the data stays as typed. Choosing a driver
 * fills in the truck and trailer they are assigned, when those are still empty.
 */
export function AccidentForm({
  defaultValues,
  labels,
  submitLabel,
  onSubmit,
  onCancel,
  extra,
}: {
  defaultValues: AccidentFormValues;
  /** Picker labels for the values the form opened with (edit). */
  labels?: { driver?: string | null; vehicle?: string | null; trailer?: string | null };
  submitLabel: string;
  onSubmit: (input: AccidentInput) => Promise<unknown>;
  onCancel: () => void;
  /** A section after the form's own (the photos of a new report). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation("accidents");
  const messages = useSafetyMessages();
  const { register, handleSubmit, formState, setError, control, getValues, setValue } =
    useForm<AccidentFormValues>({
      resolver,
      defaultValues,
    });
  const [pickerLabels, setPickerLabels] = useState(labels ?? {});
  const errors = formState.errors;
  const submitting = formState.isSubmitting;

  const onValid = async () => {
    try {
      await onSubmit(toAccidentInput(getValues()));
    } catch (error) {
      if (isApiError(error, 400)) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in EMPTY_ACCIDENT) setError(name as Path<AccidentFormValues>, { type: "server", message });
        }
      }
      notify({ title: t("form.saveFailed"), description: messages.error(error), variant: "error" });
    }
  };

  // Spec section 8: empty required fields say "Missing Information"; other rules show under their field.
  const onInvalid = (errs: FieldErrors<AccidentFormValues>) => {
    const values = getValues();
    const missing = REQUIRED.some((name) => errs[name] && !String(values[name] ?? "").trim());
    notify({
      title: missing ? t("common:errors.missingInformation") : t("form.checkFields"),
      description: missing ? t("common:errors.missingInformationText") : t("form.checkFieldsText"),
      variant: "error",
    });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="grid grid-cols-1 gap-6"
      data-testid="accident-form"
    >
      <SectionCard title={t("form.sections.what")} description={t("form.sections.whatText")}>
        <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.occurredAt")} error={messages.field(errors.occurredAt)}>
            <Input type="datetime-local" aria-required {...register("occurredAt")} />
          </Field>
          <Field
            label={t("fields.location")}
            error={messages.field(errors.location)}
            hint={t("form.locationHint")}
          >
            <Input autoComplete="off" maxLength={300} aria-required {...register("location")} />
          </Field>
          <Field
            label={t("fields.description")}
            error={messages.field(errors.description)}
            className="sm:col-span-2"
          >
            <Textarea rows={5} maxLength={5000} aria-required {...register("description")} />
          </Field>
          <label className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm sm:col-span-2">
            <input type="checkbox" className="size-4 accent-brand-700" {...register("injuries")} />
            <span>
              <span className="font-medium text-slate-900">{t("fields.injuries")}</span>
              <span className="block text-xs text-slate-500">{t("form.injuriesHint")}</span>
            </span>
          </label>
        </div>
      </SectionCard>

      <SectionCard title={t("form.sections.who")} description={t("form.sections.whoText")}>
        <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.driver")} error={messages.field(errors.driverId)}>
            <ControlledSafetyPicker
              control={control}
              name="driverId"
              kind="drivers"
              empty={null}
              selectedLabel={pickerLabels.driver}
              onOption={(option) => {
                setPickerLabels((l) => ({ ...l, driver: option?.label ?? null }));
                if (!option) return;
                if (option.vehicleId && !getValues("vehicleId")) {
                  setValue("vehicleId", option.vehicleId);
                  setPickerLabels((l) => ({ ...l, vehicle: option.vehicleLabel }));
                }
                if (option.trailerId && !getValues("trailerId")) {
                  setValue("trailerId", option.trailerId);
                  setPickerLabels((l) => ({ ...l, trailer: option.trailerLabel }));
                }
              }}
            />
          </Field>
          <Field label={t("fields.policeReportNumber")} error={messages.field(errors.policeReportNumber)}>
            <Input autoComplete="off" maxLength={60} {...register("policeReportNumber")} />
          </Field>
          <Field label={t("fields.vehicle")} error={messages.field(errors.vehicleId)}>
            <ControlledSafetyPicker
              control={control}
              name="vehicleId"
              kind="vehicles"
              empty={null}
              selectedLabel={pickerLabels.vehicle}
              onOption={(option) => setPickerLabels((l) => ({ ...l, vehicle: option?.label ?? null }))}
            />
          </Field>
          <Field label={t("fields.trailer")} error={messages.field(errors.trailerId)}>
            <ControlledSafetyPicker
              control={control}
              name="trailerId"
              kind="trailers"
              empty={null}
              selectedLabel={pickerLabels.trailer}
              onOption={(option) => setPickerLabels((l) => ({ ...l, trailer: option?.label ?? null }))}
            />
          </Field>
        </div>
      </SectionCard>

      <SectionCard title={t("form.sections.claim")} description={t("form.sections.claimText")}>
        <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-3">
          <Field label={t("fields.claimAmount")} error={messages.field(errors.claimAmount)}>
            <Input inputMode="decimal" placeholder="0.00" {...register("claimAmount")} />
          </Field>
          <Field label={t("fields.insurer")} error={messages.field(errors.insurer)}>
            <Input autoComplete="off" maxLength={120} {...register("insurer")} />
          </Field>
          <Field label={t("fields.claimNumber")} error={messages.field(errors.claimNumber)}>
            <Input autoComplete="off" maxLength={60} {...register("claimNumber")} />
          </Field>
        </div>
      </SectionCard>

      {extra}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={submitting} data-testid="save-accident">
          {submitting ? <Spinner className="text-current" /> : <Save aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
