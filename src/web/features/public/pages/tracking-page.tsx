import { ROUTES } from "@shared/access";
import { Link2Off, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { ApiRequestError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { retryAfterOf, useTracking } from "../api/public";
import { TrackResultCard } from "../components/track-result-card";

/**
 * A load's private tracking link (`/track/:token`): the full public view, no number asked. Issue 40
 * adds the truck's position, the ETA and a map below the card.
 */
export default function TrackingPage() {
  const { t } = useTranslation("public");
  const { token = "" } = useParams();
  const tracking = useTracking(token);

  if (tracking.isPending) {
    return (
      <div className="grid w-full max-w-xl place-items-center py-16">
        <Spinner label={t("tracking.checking")} />
      </div>
    );
  }
  if (tracking.error) {
    const err = tracking.error;
    const seconds = retryAfterOf(err);
    const invalid = err instanceof ApiRequestError && err.status === 404;
    return (
      <section
        role="alert"
        data-testid="tracking-invalid"
        className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
      >
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100">
          <Link2Off className="size-6 text-amber-700" aria-hidden />
        </span>
        <h1 className="mt-4 text-lg font-semibold text-slate-900">
          {invalid
            ? t("tracking.invalidTitle")
            : seconds !== null
              ? t("track.rateLimitedTitle")
              : t("track.errorTitle")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {invalid
            ? t("tracking.invalidText")
            : seconds !== null
              ? t("track.rateLimitedText", { seconds })
              : t("track.errorText")}
        </p>
        {invalid ? null : (
          <Button className="mt-5" variant="outline" onClick={() => void tracking.refetch()}>
            {t("tracking.retry")}
          </Button>
        )}
        <p className="mt-6 text-sm">
          <Link to={ROUTES.track.path} className="font-medium text-brand-700 hover:text-brand-600">
            {t("tracking.checkByNumber")}
          </Link>
        </p>
      </section>
    );
  }

  const view = tracking.data;
  return (
    <div className="flex w-full max-w-xl flex-col gap-4">
      <h1 className="px-1 text-xs font-medium uppercase tracking-wide text-brand-700">
        {t("tracking.eyebrow")}
      </h1>
      <TrackResultCard result={view} />
      <div className="flex items-start gap-2 px-1 text-xs text-slate-500" data-testid="tracking-expires">
        <ShieldCheck className="size-4 shrink-0 text-slate-400" aria-hidden />
        <p>
          {t("tracking.privacy")} {t("tracking.expires", { date: formatDateTime(view.expiresAt) })}
        </p>
      </div>
    </div>
  );
}
