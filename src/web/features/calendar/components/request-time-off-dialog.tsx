import { zodResolver } from "@hookform/resolvers/zod";
import { FILL_ALL_FIELDS, timeOffRequestSchema } from "@shared/calendar/time-off.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useRequestTimeOff } from "../api/calendar";
import { todayKey } from "../calendar-dates";
import { useTimeOffMessages } from "../time-off-messages";

type FormInput = z.input<typeof timeOffRequestSchema>;
type FormOutput = z.output<typeof timeOffRequestSchema>;
const EMPTY: FormInput = { startDate: "", endDate: "", reason: "" };

/** A driver asks for days off: first and last day, and a reason. */
export function RequestTimeOffDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("calendar");
  const messages = useTimeOffMessages();
  const request = useRequestTimeOff();
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(timeOffRequestSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  const startDate = watch("startDate");
  const today = todayKey();

  const close = (next: boolean) => {
    if (request.isPending) return;
    onOpenChange(next);
    if (!next) {
      reset(EMPTY);
      request.reset();
    }
  };

  const onValid = (values: FormOutput) =>
    request.mutate(values, {
      onSuccess: () => {
        notify({ title: t("request.sent"), description: t("request.sentText"), variant: "success" });
        close(false);
      },
      onError: (error) => {
        if (isApiError(error, 409) || isApiError(error, 400)) {
          const fields = error.fields;
          for (const name of ["startDate", "endDate", "reason"] as const) {
            if (fields[name]) setError(name, { type: "server", message: fields[name] });
          }
        }
        notify({ title: t("request.failed"), description: messages.error(error), variant: "error" });
      },
    });

  // The spec's wording for empty fields, as a toast; any other rule is named in the toast and shown
  // under its field.
  const onInvalid = (errs: typeof errors) => {
    const found = Object.values(errs).map((e) => e?.message);
    if (found.includes(FILL_ALL_FIELDS)) {
      notify({
        title: t("common:errors.missingInformation"),
        description: t("validation.fillAllFields"),
        variant: "error",
      });
      return;
    }
    // Nothing is missing: say what is wrong (e.g. the last day before the first).
    const first = found.find(Boolean);
    notify({
      title: t("request.failed"),
      description: messages.field(first) ?? t("request.checkFields"),
      variant: "error",
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("request.title")}
      description={t("request.description")}
      closeLabel={t("common:actions.close")}
    >
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.startDate")} error={messages.field(errors.startDate?.message)}>
            <Input type="date" min={today} aria-required autoFocus {...register("startDate")} />
          </Field>
          <Field label={t("fields.endDate")} error={messages.field(errors.endDate?.message)}>
            <Input type="date" min={startDate || today} aria-required {...register("endDate")} />
          </Field>
        </div>
        <Field
          label={t("fields.reason")}
          error={messages.field(errors.reason?.message)}
          hint={t("request.reasonHint")}
        >
          <Textarea rows={3} maxLength={500} aria-required {...register("reason")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={request.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? <Spinner className="text-current" /> : null}
            {t("request.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
