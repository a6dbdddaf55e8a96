import { AlertTriangle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../../lib/api-errors";
import { Button } from "../ui/button";

/** Grey bars shaped like the rows that are coming, so the layout does not jump when they arrive. */
export function ListSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static, identical rows
        <div key={i} className="flex items-center gap-4 px-4 py-3.5">
          <div className="size-8 shrink-0 animate-pulse rounded-full bg-slate-100" />
          <div className="grid flex-1 gap-2">
            <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
          </div>
          <div className="hidden h-5 w-20 animate-pulse rounded-full bg-slate-100 sm:block" />
        </div>
      ))}
    </div>
  );
}

export function ListError({
  title,
  description,
  onRetry,
  retrying,
}: {
  title: string;
  description: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation("common");
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertTriangle className="size-5" aria-hidden />
      </span>
      <div className="grid gap-1">
        <p className="font-medium text-slate-800">{title}</p>
        <p className="max-w-md text-sm text-slate-500">{description}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? "animate-spin" : undefined} aria-hidden />
        {t("common:actions.retry")}
      </Button>
    </div>
  );
}

interface ListQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  data?: unknown;
  refetch: () => unknown;
}

/**
 * The four states every server-side list has, in one place: the error panel (only when nothing was
 * loaded yet), the skeleton, the empty state, and the rows — `children` renders the loaded page.
 */
export function ListContent<P extends { items: readonly unknown[] }>({
  query,
  data,
  errorTitle,
  errorDescription,
  empty,
  skeletonRows,
  children,
}: {
  query: ListQuery;
  /** The page to show: the query's data, or the previous page kept while the next one loads. */
  data: P | undefined;
  errorTitle: string;
  errorDescription?: string;
  empty: ReactNode;
  skeletonRows?: number;
  children: (data: P) => ReactNode;
}) {
  const { t } = useTranslation("common");
  if (query.isError && query.data === undefined) {
    return (
      <ListError
        title={errorTitle}
        description={errorDescription ?? describeError(query.error, t)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!data) return <ListSkeleton rows={skeletonRows} label={t("common:loading")} />;
  if (data.items.length === 0) return <>{empty}</>;
  return <>{children(data)}</>;
}
