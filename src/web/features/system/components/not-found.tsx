import { ROUTES } from "@shared/access";
import { ArrowLeft, Compass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { Brand } from "./brand";

export function NotFound({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation("system");
  // Inside the app shell the layout already provides <main>.
  const Root = fullPage ? "main" : "div";
  return (
    <div className={cn("grid place-items-center p-6", fullPage ? "min-h-dvh bg-slate-50" : "min-h-[60vh]")}>
      <Root className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        {fullPage ? <Brand /> : null}
        <div className="w-full rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          <span className="mx-auto grid size-12 place-items-center rounded-full bg-slate-100">
            <Compass className="size-6 text-slate-500" aria-hidden />
          </span>
          <p className="mt-4 text-sm font-semibold text-brand-700">404</p>
          <h1 className="mt-1 text-lg font-semibold text-slate-900">{t("notFound.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("notFound.text")}</p>
          <Button className="mt-6" asChild>
            <Link to={ROUTES.home.path}>
              <ArrowLeft aria-hidden />
              {t("notFound.back")}
            </Link>
          </Button>
        </div>
      </Root>
    </div>
  );
}
