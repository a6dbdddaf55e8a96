import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Spinner } from "../../../components/ui/feedback";
import { formatDateTime } from "../../../lib/format";
import { LivePosition } from "../../tracking/components/live-position";
import { useTracking } from "../api/public";
import { LinkProblem } from "../components/link-problem";
import { TrackResultCard } from "../components/track-result-card";

/**
 * A load's private tracking link (`/track/:token`): the full public view, no number asked, and while
 * the load is on its way the truck's position coarsened to a city, the ETA and a small map (issue 40).
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
    return (
      <LinkProblem
        error={tracking.error}
        onRetry={() => void tracking.refetch()}
        words={{
          invalid: [t("tracking.invalidTitle"), t("tracking.invalidText")],
          rateLimited: (seconds) => [t("track.rateLimitedTitle"), t("track.rateLimitedText", { seconds })],
          failed: [t("track.errorTitle"), t("track.errorText")],
          retry: t("tracking.retry"),
          track: t("tracking.checkByNumber"),
        }}
        className="max-w-xl"
        testId="tracking-invalid"
      />
    );
  }

  const view = tracking.data;
  return (
    <div className="flex w-full max-w-xl flex-col gap-4">
      <h1 className="px-1 text-xs font-medium uppercase tracking-wide text-brand-700">
        {t("tracking.eyebrow")}
      </h1>
      <TrackResultCard result={view} />
      <LivePosition live={view.live} />
      <div className="flex items-start gap-2 px-1 text-xs text-slate-500" data-testid="tracking-expires">
        <ShieldCheck className="size-4 shrink-0 text-slate-500" aria-hidden />
        <p>
          {t("tracking.privacy")} {t("tracking.expires", { date: formatDateTime(view.expiresAt) })}
        </p>
      </div>
    </div>
  );
}
