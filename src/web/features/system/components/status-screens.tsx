import { CircleExclamationPoint, Loader2, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Brand } from "./brand";

/**
 * Shown inside the shell while a screen's translations download (the first visit to a screen in a
 * language): react-i18next suspends the screen rather than show raw keys.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-slate-500">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {t("loading")}
    </p>
  );
}

/** Shown while the session is being read: nothing else can be decided before it is known. */
export function FullScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <div className="flex flex-col items-center gap-5">
        <Brand />
        <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-500">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("loading")}
        </p>
      </div>
    </div>
  );
}

/** A whole-page failure with a way to try again. */
export function FullPageError({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <main className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        <Brand />
        <div role="alert" className="w-full rounded-xl border border-red-200 bg-white p-6 shadow-sm">
          <CircleExclamationPoint className="mx-auto size-8 text-red-500" aria-hidden />
          <h1 className="mt-3 text-base font-semibold text-slate-900">{title}</h1>
          {message ? <p className="mt-1 text-sm text-slate-600">{message}</p> : null}
          <Button className="mt-5" onClick={onRetry} disabled={retrying}>
            <RotateCw className={retrying ? "animate-spin" : undefined} aria-hidden />
            {t("actions.retry")}
          </Button>
        </div>
      </main>
    </div>
  );
}
