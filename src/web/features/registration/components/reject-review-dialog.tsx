import { zodResolver } from "@hookform/resolvers/zod";
import { type AccountReview, rejectReviewSchema } from "@shared/registration/registration.schema";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { userFieldError } from "../../users/components/user-form-errors";

const REASON_MAX = 500;

/** Asks for the reason the applicant will read in their email; the caller runs the request. */
export function RejectReviewDialog({
  review,
  pending,
  onClose,
  onReject,
}: {
  review: AccountReview | null;
  pending: boolean;
  onClose: () => void;
  onReject: (review: AccountReview, reason: string) => void;
}) {
  const { t } = useTranslation("admin");
  const { register, handleSubmit, formState, reset, watch } = useForm<{ reason: string }>({
    resolver: zodResolver(rejectReviewSchema),
    defaultValues: { reason: "" },
  });
  const reason = watch("reason") ?? "";

  useEffect(() => {
    if (review) reset({ reason: "" });
  }, [review, reset]);

  const error = userFieldError(t, "reason", formState.errors.reason, reason);

  return (
    <Dialog
      open={!!review}
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t("reviews.reject.title", { company: review?.companyName ?? "" })}
      description={t("reviews.reject.description", { email: review?.email ?? "" })}
      closeLabel={t("common:actions.close")}
    >
      <form
        noValidate
        onSubmit={handleSubmit(({ reason: r }) => review && onReject(review, r))}
        className="grid gap-4"
      >
        <Field
          label={t("reviews.reject.reason")}
          error={error}
          hint={t("reviews.reject.length", { length: reason.length, max: REASON_MAX })}
        >
          <Textarea rows={4} maxLength={REASON_MAX} autoFocus aria-required {...register("reason")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? <Spinner className="text-current" /> : null}
            {t("reviews.reject.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
