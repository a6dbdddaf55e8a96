import { ROUTES } from "@shared/access";
import { CircleExclamationPoint, RotateCw } from "lucide-react";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { takeOverFirstScreen } from "../../../lib/first-screen";
import { Brand } from "./brand";
import { NotFound } from "./not-found";

/**
 * The router's errorElement. A failed chunk download (usually a new release deployed while the tab
 * was open) is cured by reloading, so that is the first action offered.
 */
export function RouteErrorBoundary({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation("system");
  // An error is shown, never hidden behind the driver's first screen (decision 064).
  useLayoutEffect(() => takeOverFirstScreen(), []);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound fullPage={fullPage} />;
  if (import.meta.env.DEV) console.error(error);
  const Root = fullPage ? "main" : "div";
  return (
    <div className={cn("grid place-items-center p-6", fullPage ? "min-h-dvh bg-slate-50" : "min-h-[60vh]")}>
      <Root className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        {fullPage ? <Brand /> : null}
        <div role="alert" className="w-full rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-50">
            <CircleExclamationPoint className="size-6 text-red-500" aria-hidden />
          </span>
          <h1 className="mt-4 text-lg font-semibold text-slate-900">{t("error.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("error.text")}</p>
          <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
            <Button onClick={() => window.location.reload()}>
              <RotateCw aria-hidden />
              {t("error.reload")}
            </Button>
            <Button variant="outline" asChild>
              {/* A full document load: the router that failed may be the thing that is broken. */}
              <a href={ROUTES.home.path}>{t("error.home")}</a>
            </Button>
          </div>
        </div>
      </Root>
    </div>
  );
}
