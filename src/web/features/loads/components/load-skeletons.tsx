import { ROUTES } from "@shared/access";
import { ArrowLeft, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListError } from "../../../components/list/list-states";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { describeError, isApiError } from "../../../lib/api-errors";

const Bar = ({ className }: { className: string }) => (
  <div className={`animate-pulse rounded bg-slate-100 ${className}`} />
);

export function FormSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-1 gap-6">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="grid grid-cols-1 gap-4 p-5">
          <Bar className="h-4 w-40" />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Bar className="h-10" />
            <Bar className="h-10" />
            <Bar className="h-10" />
            <Bar className="h-10" />
          </div>
        </Card>
      ))}
    </div>
  );
}

export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-1 gap-6">
      <Card className="grid grid-cols-1 gap-3 p-5">
        <Bar className="h-6 w-48" />
        <Bar className="h-4 w-72 max-w-full" />
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Bar className="h-12" />
          <Bar className="h-12" />
          <Bar className="h-12" />
          <Bar className="h-12" />
        </div>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="h-64 animate-pulse bg-slate-50 lg:col-span-2" />
        <Card className="h-64 animate-pulse bg-slate-50" />
      </div>
    </div>
  );
}

/** A load that failed to load: gone (or someone else's — the server answers 404 alike) or an error. */
export function LoadLoadError({
  query,
}: {
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}) {
  const { t } = useTranslation("loads");
  if (isApiError(query.error, 404))
    return (
      <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center" data-testid="load-not-found">
        <span className="grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500">
          <SearchX className="size-5" aria-hidden />
        </span>
        <p className="font-medium text-slate-800">{t("detail.notFound")}</p>
        <p className="max-w-md text-sm text-slate-500">{t("detail.notFoundText")}</p>
        <Button asChild variant="outline" size="sm">
          <Link to={ROUTES.loads.path}>
            <ArrowLeft aria-hidden />
            {t("detail.backToList")}
          </Link>
        </Button>
      </Card>
    );
  return (
    <Card>
      <ListError
        title={t("detail.loadFailed")}
        description={describeError(query.error, t)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    </Card>
  );
}
