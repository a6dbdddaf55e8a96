import { routePath } from "@shared/access";
import { RATING_CATEGORIES, type Rating } from "@shared/drivers/ratings.schema";
import { ArrowRight, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { Stars } from "./stars";

/** One review: overall stars, the four categories, the comment, who rated it and on which load. */
export function ReviewCard({
  rating,
  showDriver,
  onEdit,
  onDelete,
}: {
  rating: Rating;
  showDriver?: boolean;
  onEdit?: (rating: Rating) => void;
  onDelete?: (rating: Rating) => void;
}) {
  const { t } = useTranslation("drivers");
  return (
    <article className="grid gap-3 px-4 py-4 sm:px-5" data-testid={`review-${rating.loadNumber}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          {showDriver ? (
            <Link
              to={routePath("driverDetail", { driverId: rating.driverId })}
              className="font-medium text-brand-700 hover:underline"
            >
              {rating.driverName}
            </Link>
          ) : null}
          <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
            <Link
              to={routePath("loadDetail", { loadId: rating.loadId })}
              className="font-mono font-medium text-brand-700 hover:underline"
            >
              {rating.loadNumber}
            </Link>
            <span>
              {rating.pickupCity}, {rating.pickupState}
            </span>
            <ArrowRight className="size-3.5 text-slate-500" aria-hidden />
            <span>
              {rating.deliveryCity}, {rating.deliveryState}
            </span>
          </p>
        </div>
        <div className="flex items-center gap-1">
          <Stars value={rating.overall} size="md" />
          {onEdit ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("reviews.edit", { load: rating.loadNumber })}
              onClick={() => onEdit(rating)}
            >
              <Pencil aria-hidden />
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("reviews.delete", { load: rating.loadNumber })}
              onClick={() => onDelete(rating)}
            >
              <Trash2 aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {RATING_CATEGORIES.map((c) => (
          <div key={c} className="flex items-center justify-between gap-2 sm:block">
            <dt className="text-xs text-slate-500">{t(`categories.${c}`)}</dt>
            <dd className="font-medium tabular-nums text-slate-800">{rating[c]} / 5</dd>
          </div>
        ))}
      </dl>
      {rating.comment ? (
        <blockquote className="whitespace-pre-wrap border-l-2 border-slate-200 pl-3 text-sm text-slate-700">
          {rating.comment}
        </blockquote>
      ) : null}
      <p className="text-xs text-slate-500">
        {t("reviews.byline", {
          name: rating.ratedByName ?? t("reviews.someone"),
          date: formatDateTime(rating.createdAt),
        })}
      </p>
    </article>
  );
}
