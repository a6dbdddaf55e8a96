import { zodResolver } from "@hookform/resolvers/zod";
import {
  createRatingSchema,
  overallScore,
  RATING_CATEGORIES,
  type Rating,
  type RatingCategory,
  updateRatingSchema,
} from "@shared/drivers/ratings.schema";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DriverPicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Select, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useRatableLoads, useRateDriver, useUpdateRating } from "../api/ratings";
import { useDriverMessages } from "../driver-messages";
import { formatScore, StarInput, Stars } from "./stars";

interface FormValues {
  loadId: string;
  punctuality?: number;
  communication?: number;
  safety?: number;
  equipmentCare?: number;
  comment: string;
}
const EMPTY: FormValues = { loadId: "", comment: "" };

/**
 * Rate a driver on one of their completed loads (1–5 in four categories and a comment), or change
 * a rating. Without a fixed driver the dialog starts with a driver picker. Failures say "Error
 * submitting rating" (spec section 8) and keep what was entered.
 */
export function RateDriverDialog({
  open,
  onOpenChange,
  driver,
  rating,
  loadId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  driver?: { id: string; fullName: string };
  /** Edit this rating. */
  rating?: Rating;
  /** Preselect this load. */
  loadId?: string;
}) {
  const { t } = useTranslation("drivers");
  const messages = useDriverMessages();
  const editing = !!rating;
  const [picked, setPicked] = useState<{ id: string; fullName: string } | null>(null);
  const current = rating ? { id: rating.driverId, fullName: rating.driverName } : (driver ?? picked);
  const loads = useRatableLoads(open && !editing ? (current?.id ?? null) : null);
  const rate = useRateDriver();
  const update = useUpdateRating();
  const pending = rate.isPending || update.isPending;

  const form = useForm<FormValues>({
    resolver: zodResolver(
      editing ? updateRatingSchema : createRatingSchema,
    ) as unknown as Resolver<FormValues>,
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, reset, watch, setValue } = form;
  const values = watch();

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      reset(
        rating
          ? {
              loadId: rating.loadId,
              punctuality: rating.punctuality,
              communication: rating.communication,
              safety: rating.safety,
              equipmentCare: rating.equipmentCare,
              comment: rating.comment,
            }
          : { ...EMPTY, loadId: loadId ?? "" },
      );
      setPicked(null);
    }
    wasOpen.current = open;
  }, [open, rating, loadId, reset]);

  // The only ratable load is chosen for the user.
  useEffect(() => {
    if (!editing && loads.data?.length === 1 && !values.loadId) setValue("loadId", loads.data[0].id);
  }, [editing, loads.data, values.loadId, setValue]);

  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };

  const failed = (error: unknown) => {
    if (isApiError(error, 400) || isApiError(error, 409)) {
      for (const [name, message] of Object.entries(error.fields)) {
        if (
          name === "loadId" ||
          name === "comment" ||
          (RATING_CATEGORIES as readonly string[]).includes(name)
        )
          setError(name as keyof FormValues, { type: "server", message });
      }
    }
    notify({ title: t("toast.ratingFailed"), description: messages.error(error), variant: "error" });
  };

  const onValid = (v: FormValues) => {
    const scores = {
      punctuality: v.punctuality ?? 0,
      communication: v.communication ?? 0,
      safety: v.safety ?? 0,
      equipmentCare: v.equipmentCare ?? 0,
      comment: v.comment,
    };
    const done = () => {
      notify({
        title: editing ? t("toast.ratingUpdated") : t("toast.rated"),
        description: t("toast.ratedText", {
          name: current?.fullName,
          score: formatScore(overallScore(scores)),
        }),
        variant: "success",
      });
      onOpenChange(false);
    };
    if (rating) update.mutate({ id: rating.id, ...scores }, { onSuccess: done, onError: failed });
    else if (current)
      rate.mutate(
        { driverId: current.id, loadId: v.loadId, ...scores },
        { onSuccess: done, onError: failed },
      );
  };

  const onInvalid = () =>
    notify({ title: t("toast.ratingFailed"), description: t("rate.missing"), variant: "error" });

  const complete = RATING_CATEGORIES.every((c) => values[c] !== undefined);
  const preview = complete
    ? overallScore(
        Object.fromEntries(RATING_CATEGORIES.map((c) => [c, values[c] ?? 0])) as Record<
          RatingCategory,
          number
        >,
      )
    : null;
  const noLoads = !editing && !!current && loads.data?.length === 0;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={editing ? t("rate.editTitle") : t("rate.title")}
      description={t("rate.description")}
      closeLabel={t("common:actions.close")}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            type="submit"
            form="rate-driver-form"
            disabled={pending || (!editing && (!current || noLoads))}
            data-testid="submit-rating"
          >
            {pending ? <Spinner className="text-current" /> : null}
            {editing ? t("common:actions.save") : t("rate.submit")}
          </Button>
        </>
      }
    >
      <form
        id="rate-driver-form"
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="grid gap-4"
        data-testid="rate-driver-form"
      >
        {editing ? (
          <p className="text-sm text-slate-600">
            {t("rate.editing", { name: rating.driverName, load: rating.loadNumber })}
          </p>
        ) : driver ? (
          <p className="text-sm text-slate-600">{t("rate.forDriver", { name: driver.fullName })}</p>
        ) : (
          <Field label={t("fields.driver")}>
            <DriverPicker
              value={picked?.id ?? null}
              selectedLabel={picked?.fullName}
              onChange={(id, row) => {
                setPicked(id && row ? { id, fullName: row.fullName } : null);
                setValue("loadId", "");
              }}
            />
          </Field>
        )}

        {editing || !current ? null : noLoads ? (
          <Alert tone="info">{t("rate.noLoads")}</Alert>
        ) : (
          <Field label={t("fields.load")} error={messages.field(formState.errors.loadId?.message)}>
            <Select {...register("loadId")} disabled={loads.isLoading} data-testid="rate-load">
              <option value="">{loads.isLoading ? t("common:loading") : t("rate.chooseLoad")}</option>
              {(loads.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {t("rate.loadOption", {
                    number: l.loadNumber,
                    from: `${l.pickupCity}, ${l.pickupState}`,
                    to: `${l.deliveryCity}, ${l.deliveryState}`,
                    date: formatDateTime(l.deliveredAt ?? l.deliveryAt),
                  })}
                </option>
              ))}
            </Select>
          </Field>
        )}

        <div className="grid gap-2 rounded-md border border-slate-200 p-3">
          {RATING_CATEGORIES.map((c) => (
            <StarInput
              key={c}
              name={c}
              label={t(`categories.${c}`)}
              value={values[c]}
              onChange={(n) => setValue(c, n, { shouldValidate: formState.isSubmitted })}
              error={messages.field(formState.errors[c]?.message)}
            />
          ))}
          <div className="flex items-center justify-between border-t border-slate-100 pt-2 text-sm">
            <span className="font-medium text-slate-700">{t("rate.overall")}</span>
            {preview ? <Stars value={preview} /> : <span className="text-slate-500">—</span>}
          </div>
        </div>

        <Field label={t("fields.comment")} error={messages.field(formState.errors.comment?.message)}>
          <Textarea rows={3} placeholder={t("rate.commentHint")} {...register("comment")} />
        </Field>
      </form>
    </Dialog>
  );
}
