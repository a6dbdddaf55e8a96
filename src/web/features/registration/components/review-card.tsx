import type { AccountReview } from "@shared/registration/registration.schema";
import { Building2, Check, Mail, MapPin, MessageSquareText, Phone, X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";

const STATUS_TONE = { pending: "warning", approved: "success", rejected: "danger" } as const;

function Detail({
  icon,
  label,
  className,
  children,
}: {
  icon: ReactNode;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // A <dl>'s group holds only its <dt> and <dd>: the icon sits inside the term, beside both.
    <div className={cn("relative min-w-0 pl-6.5", className)}>
      <dt className="text-xs font-medium text-slate-500">
        <span className="absolute left-0 top-0.5 text-slate-500 [&_svg]:size-4" aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="break-words text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** One registration request with everything the admin needs to decide, and the decision once made. */
export function ReviewCard({
  review,
  reviewer,
  busy,
  onApprove,
  onReject,
}: {
  review: AccountReview;
  /** Email of the admin who reviewed it, when known. */
  reviewer: string | undefined;
  busy: boolean;
  onApprove: (review: AccountReview) => void;
  onReject: (review: AccountReview) => void;
}) {
  const { t } = useTranslation("admin");
  const none = <span className="text-slate-500">{t("reviews.notProvided")}</span>;
  return (
    <article
      data-testid={`review-row-${review.email}`}
      aria-labelledby={`review-${review.id}-title`}
      className="grid gap-4 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
            <Building2 className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h3 id={`review-${review.id}-title`} className="font-semibold text-slate-900">
              {review.companyName}
            </h3>
            <p className="text-sm text-slate-500">
              {review.name}
              <span aria-hidden> · </span>
              <time dateTime={review.createdAt}>
                {t("reviews.submittedAt", { date: formatDateTime(review.createdAt) })}
              </time>
            </p>
          </div>
        </div>
        <Badge tone={STATUS_TONE[review.status]}>{t(`reviews.status.${review.status}`)}</Badge>
      </div>

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail icon={<Mail />} label={t("reviews.fields.email")}>
          <a href={`mailto:${review.email}`} className="text-brand-700 hover:underline">
            {review.email}
          </a>
        </Detail>
        <Detail icon={<Phone />} label={t("reviews.fields.phone")}>
          {review.phone ? (
            <a href={`tel:${review.phone.replace(/[^\d+]/g, "")}`} className="hover:underline">
              {review.phone}
            </a>
          ) : (
            none
          )}
        </Detail>
        <Detail icon={<MapPin />} label={t("reviews.fields.address")}>
          {review.address || none}
        </Detail>
        <Detail
          icon={<MessageSquareText />}
          label={t("reviews.fields.message")}
          className="sm:col-span-2 lg:col-span-3"
        >
          {review.message ? <span className="whitespace-pre-line">{review.message}</span> : none}
        </Detail>
      </dl>

      {review.status === "pending" ? (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onReject(review)} disabled={busy}>
            <X aria-hidden />
            {t("reviews.actions.reject")}
          </Button>
          <Button onClick={() => onApprove(review)} disabled={busy}>
            <Check aria-hidden />
            {t("reviews.actions.approve")}
          </Button>
        </div>
      ) : (
        <div className="grid gap-1 rounded-md border border-slate-100 bg-slate-50 px-3 py-2.5 text-sm text-slate-600">
          <p>
            {t(review.status === "approved" ? "reviews.approvedBy" : "reviews.rejectedBy", {
              who: reviewer ?? t("reviews.anAdmin"),
              date: formatDateTime(review.reviewedAt),
            })}
          </p>
          {review.status === "rejected" && review.rejectionReason ? (
            <p>
              <span className="font-medium text-slate-700">{t("reviews.reason")}</span>{" "}
              {review.rejectionReason}
            </p>
          ) : null}
        </div>
      )}
    </article>
  );
}
