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

export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-1 gap-6">
      <Card className="grid grid-cols-1 gap-3 p-5">
        <Bar className="h-6 w-48" />
        <Bar className="h-4 w-72 max-w-full" />
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="h-64 animate-pulse bg-slate-50 lg:col-span-2" />
        <Card className="h-64 animate-pulse bg-slate-50" />
      </div>
    </div>
  );
}

/** An asset that failed to load: gone (or not the driver's — the server answers 404 alike) or an error. */
export function DetailError({
  query,
  backTo,
  backLabel,
}: {
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation("fleet");
  if (isApiError(query.error, 404))
    return (
      <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center" data-testid="asset-not-found">
        <span className="grid size-10 place-items-center rounded-full bg-slate-100 text-slate-500">
          <SearchX className="size-5" aria-hidden />
        </span>
        <p className="font-medium text-slate-800">{t("detail.notFound")}</p>
        <p className="max-w-md text-sm text-slate-500">{t("detail.notFoundText")}</p>
        <Button asChild variant="outline" size="sm">
          <Link to={backTo}>
            <ArrowLeft aria-hidden />
            {backLabel}
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

/** A label and its value, in the detail's fact grid. */
export function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
