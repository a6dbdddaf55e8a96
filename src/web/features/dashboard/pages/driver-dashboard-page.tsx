import { canOpen, ROUTES, type RouteKey } from "@shared/access";
import { ArrowRight, Package } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { navHref, ROUTE_ICONS, routeTitleKey } from "../../../lib/navigation";
import { useMe } from "../../auth/api/session";
import { useGreeting } from "../components/greeting";

/** What a driver reaches for on the road, in thumb order. */
const DRIVER_LINKS = [
  "fuelLog",
  "documents",
  "loadBoard",
  "calendar",
  "loads",
] as const satisfies readonly RouteKey[];

const STATUS_TONES: Record<string, { tone: "success" | "info" | "warning" | "neutral"; dot: string }> = {
  available: { tone: "success", dot: "bg-emerald-500" },
  on_trip: { tone: "info", dot: "bg-brand-500" },
  busy: { tone: "warning", dot: "bg-amber-500" },
  off_duty: { tone: "neutral", dot: "bg-slate-400" },
  unknown: { tone: "neutral", dot: "bg-slate-300" },
};

/** The driver's home, built for a phone held in one hand. */
export default function DriverDashboardPage() {
  const { t } = useTranslation("dashboard");
  const { data: me } = useMe();
  const { greeting, today } = useGreeting(me?.driver?.fullName ?? me?.user.name ?? "");
  if (!me) return null;
  const status = me.driver?.status && me.driver.status in STATUS_TONES ? me.driver.status : "unknown";
  const links = DRIVER_LINKS.filter((key) => canOpen(me.role, key));

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5">
      <header className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm sm:p-6">
        <p className="text-sm text-brand-100">{today}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight" data-testid="dashboard-greeting">
          {greeting}
        </h1>
        <div className="mt-4 flex items-center gap-2 text-sm">
          <span className="text-brand-100">{t("driver.statusLabel")}</span>
          <Badge tone={STATUS_TONES[status].tone} className="gap-1.5 py-1" data-testid="driver-status">
            <span className={cn("size-1.5 rounded-full", STATUS_TONES[status].dot)} aria-hidden />
            {t(`driver.statuses.${status}`)}
          </Badge>
        </div>
      </header>

      <section
        aria-labelledby="current-load-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        data-testid="current-load"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="current-load-title" className="text-base font-semibold text-slate-900">
            {t("driver.currentLoad.title")}
          </h2>
          <Badge>{t("driver.currentLoad.none")}</Badge>
        </div>
        <div className="mt-4 flex items-start gap-4 rounded-xl border border-dashed border-slate-200 bg-slate-50 p-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white text-slate-400 ring-1 ring-slate-200">
            <Package className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">{t("driver.currentLoad.empty")}</p>
            <p className="mt-0.5 text-sm text-slate-500">{t("driver.currentLoad.text")}</p>
          </div>
        </div>
        {canOpen(me.role, "loadBoard") ? (
          <Button asChild className="mt-4 w-full sm:w-auto">
            <Link to={ROUTES.loadBoard.path}>
              {t("driver.currentLoad.browse")}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </section>

      <section aria-labelledby="driver-links-title">
        <h2 id="driver-links-title" className="mb-3 text-base font-semibold text-slate-900">
          {t("driver.quickLinks")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {links.map((key) => {
            const Icon = ROUTE_ICONS[key];
            return (
              <li key={key}>
                <Link
                  to={navHref(key)}
                  data-testid={`quick-link-${key}`}
                  className="flex h-full min-h-24 flex-col justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 active:bg-slate-50"
                >
                  <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="text-sm font-semibold text-slate-900">{t(routeTitleKey(key))}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
