import { homePathFor, ROUTES } from "@shared/access";
import { ArrowLeft, Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { routeTitleKey, useRouteKey } from "../../../lib/navigation";
import { ROUTE_ICONS } from "../../../lib/route-icons";
import { useMe } from "../../../lib/session";

/**
 * What a screen of a later release shows until it is built: its name and an honest statement,
 * never an empty or fake screen. The route's handle says which screen this is.
 */
export default function NotAvailablePage() {
  const { t } = useTranslation("system");
  const routeKey = useRouteKey();
  const Icon = routeKey ? ROUTE_ICONS[routeKey] : Hourglass;
  const { data: me } = useMe();
  const isPublic = routeKey ? ROUTES[routeKey].access === "public" : false;
  // A driver's or customer's own home has no dashboard to go back to.
  const isHome = !!me && !!routeKey && !isPublic && ROUTES[routeKey].path === homePathFor(me.role);
  return (
    <section aria-labelledby="not-available-title" className="mx-auto w-full max-w-2xl py-4 sm:py-10">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-100 bg-gradient-to-br from-brand-50 via-white to-white px-6 py-8 sm:px-10">
          <span className="grid size-12 place-items-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
            <Icon className="size-6" aria-hidden />
          </span>
          <h1 id="not-available-title" className="mt-5 text-2xl font-semibold tracking-tight text-slate-900">
            {routeKey ? t(routeTitleKey(routeKey)) : t("notAvailable.fallbackTitle")}
          </h1>
        </div>
        <div className="px-6 py-6 sm:px-10">
          <p className="font-medium text-slate-900">{t("notAvailable.heading")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("notAvailable.text")}</p>
          {isHome ? null : (
            <Button variant="outline" className="mt-6" asChild>
              <Link to={isPublic ? ROUTES.login.path : ROUTES.home.path} reloadDocument={isPublic}>
                <ArrowLeft aria-hidden />
                {isPublic ? t("notAvailable.backToSignIn") : t("notAvailable.backToDashboard")}
              </Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
