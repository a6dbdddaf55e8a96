import { canOpen, ROUTES, type RouteKey, routePath } from "@shared/access";
import type { DriverDashboard } from "@shared/loads/loads.schema";
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowRight,
  CalendarDays,
  CalendarRange,
  ChevronRight,
  Clock,
  Container,
  History,
  Package,
  PackageCheck,
  PackagePlus,
  Truck,
} from "lucide-react";
import { type ReactNode, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListError } from "../../../components/list/list-states";
import { OfflineNotice } from "../../../components/offline-notice";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { takeOverFirstScreen } from "../../../lib/first-screen";
import { formatDate, formatDateTime, formatDay, formatMoney, formatNumber } from "../../../lib/format";
import { formatInZone } from "../../../lib/format-zone";
import { navHref, routeTitleKey } from "../../../lib/navigation";
import { ROUTE_ICONS } from "../../../lib/route-icons";
import { useMe } from "../../../lib/session";
import { useDriverDashboard } from "../../loads/api/loads";
import { DriverLoadActions } from "../../loads/components/driver-load-actions";
import { useLoadEventText } from "../../loads/components/load-event-text";
import { NextStopCard } from "../../loads/components/next-stop-card";
import { MySettlements } from "../../settlements/components/my-settlements";
import { useGreeting } from "../components/greeting";

/** What a driver reaches for on the road, in thumb order. */
const DRIVER_LINKS = ["fuelLog", "documents", "loadBoard", "calendar"] as const satisfies readonly RouteKey[];

const STATUS_TONES: Record<string, { tone: "success" | "info" | "warning" | "neutral"; dot: string }> = {
  available: { tone: "success", dot: "bg-emerald-500" },
  on_trip: { tone: "info", dot: "bg-brand-500" },
  busy: { tone: "warning", dot: "bg-amber-500" },
  off_duty: { tone: "neutral", dot: "bg-slate-400" },
  unknown: { tone: "neutral", dot: "bg-slate-300" },
};

/** The driver's home, built for a phone held in one hand: the load at hand and its next step first. */
export default function DriverDashboardPage() {
  const { t } = useTranslation("dashboard");
  const eventText = useLoadEventText();
  const { data: me } = useMe();
  const dashboard = useDriverDashboard();
  const { greeting, today } = useGreeting(me?.driver?.fullName ?? me?.user.name ?? "");
  const queryClient = useQueryClient();
  const ready = !!me && (!!dashboard.data || dashboard.isError);
  // The server's first screen (decision 064) gives way once this one shows the load, in the same frame.
  useLayoutEffect(() => {
    if (ready) takeOverFirstScreen(queryClient);
  }, [ready, queryClient]);
  if (!me) return null;
  const rawStatus = dashboard.data?.driver.status ?? me.driver?.status;
  const status = rawStatus && rawStatus in STATUS_TONES ? rawStatus : "unknown";
  const links = DRIVER_LINKS.filter((key) => canOpen(me, key));
  const data = dashboard.data;

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5">
      <header className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm sm:p-6">
        <p className="text-sm text-brand-100">{today}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight" data-testid="dashboard-greeting">
          {greeting}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="flex items-center gap-2">
            <span className="text-brand-100">{t("driver.statusLabel")}</span>
            <Badge tone={STATUS_TONES[status].tone} className="gap-1.5 py-1" data-testid="driver-status">
              <span className={cn("size-1.5 rounded-full", STATUS_TONES[status].dot)} aria-hidden />
              {t(`driver.statuses.${status}`)}
            </Badge>
          </span>
          {data?.assets.vehicleLabel ? (
            <span className="flex items-center gap-1.5 text-brand-50" data-testid="assigned-vehicle">
              <Truck className="size-4" aria-hidden />
              {data.assets.vehicleLabel}
            </span>
          ) : null}
          {data?.assets.trailerLabel ? (
            <span className="flex items-center gap-1.5 text-brand-50" data-testid="assigned-trailer">
              <Container className="size-4" aria-hidden />
              {data.assets.trailerLabel}
            </span>
          ) : null}
        </div>
      </header>

      <OfflineNotice shown={dashboard} />

      {dashboard.isError && !data ? (
        <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <ListError
            title={t("driver.loadFailed")}
            description={describeError(dashboard.error, t)}
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        </section>
      ) : (
        <CurrentLoad data={data} loading={!data} showBoard={canOpen(me, "loadBoard")} />
      )}

      {data ? <MyWeek week={data.week} /> : null}

      {data && data.upcoming.length > 0 ? (
        <Section title={t("driver.upcoming.title")} icon={<CalendarDays className="size-4" aria-hidden />}>
          <ul className="divide-y divide-slate-100" data-testid="upcoming-loads">
            {data.upcoming.map((load) => (
              <li key={load.id}>
                <Link
                  to={routePath("loadDetail", { loadId: load.id })}
                  className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:px-5"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-sm font-semibold text-slate-900">
                        {load.loadNumber}
                      </span>
                      <LoadStatusBadge status={load.status} />
                    </div>
                    <p className="mt-0.5 truncate text-sm text-slate-600">
                      {load.pickupCity}, {load.pickupState} → {load.deliveryCity}, {load.deliveryState}
                    </p>
                    <p className="text-xs text-slate-500">
                      {t("driver.upcoming.pickup", { date: formatDateTime(load.pickupAt) })}
                    </p>
                  </div>
                  <ChevronRight className="size-5 shrink-0 text-slate-300" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {data ? (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <Section
            title={t("driver.timeOff.title")}
            icon={<CalendarDays className="size-4" aria-hidden />}
            action={
              canOpen(me, "calendar") ? (
                <Link
                  to={ROUTES.calendar.path}
                  className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
                >
                  {t("driver.timeOff.open")}
                </Link>
              ) : null
            }
          >
            {data.timeOff.length === 0 ? (
              <p className="px-4 pb-4 text-sm text-slate-500 sm:px-5">{t("driver.timeOff.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="time-off">
                {data.timeOff.map((item) => (
                  <li key={item.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium text-slate-900">
                        {item.startDate === item.endDate
                          ? formatDate(`${item.startDate}T12:00:00`)
                          : t("driver.timeOff.range", {
                              from: formatDate(`${item.startDate}T12:00:00`),
                              to: formatDate(`${item.endDate}T12:00:00`),
                            })}
                      </p>
                      <p className="truncate text-xs text-slate-500">{item.reason}</p>
                    </div>
                    <Badge tone={item.status === "approved" ? "success" : "warning"}>
                      {t(`driver.timeOff.status.${item.status}`)}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title={t("driver.activity.title")} icon={<History className="size-4" aria-hidden />}>
            {data.recentActivity.length === 0 ? (
              <p className="px-4 pb-4 text-sm text-slate-500 sm:px-5">{t("driver.activity.empty")}</p>
            ) : (
              <ol className="grid px-2 pb-2 sm:px-3" data-testid="recent-activity">
                {data.recentActivity.slice(0, 8).map((event) => (
                  <li key={event.id}>
                    {/* The whole row opens the load: a thumb-sized target, not a 16 px load number. */}
                    <Link
                      to={routePath("loadDetail", { loadId: event.loadId })}
                      className="flex min-h-11 gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                    >
                      <Clock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                      <div className="min-w-0">
                        <p className="text-slate-800">
                          <span className="font-mono font-semibold text-brand-700">{event.loadNumber}</span>{" "}
                          {eventText(event)}
                        </p>
                        <p className="text-xs text-slate-500">
                          {formatDateTime(event.createdAt)}
                          {event.actorName ? ` · ${event.actorName}` : ""}
                        </p>
                      </div>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>
      ) : null}

      <MySettlements />

      <section aria-labelledby="driver-links-title">
        <h2 id="driver-links-title" className="mb-3 text-base font-semibold text-slate-900">
          {t("driver.quickLinks")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
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

/** The driver's own week: loads, miles and the pay they carry, and the last settlement. */
function MyWeek({ week }: { week: DriverDashboard["week"] }) {
  const { t } = useTranslation("dashboard");
  const figures = [
    { key: "loads", value: t("driver.week.loadsValue", { delivered: week.delivered, total: week.loads }) },
    { key: "miles", value: formatNumber(week.miles, 1) },
    { key: "pay", value: formatMoney(week.pay) },
  ];
  return (
    <Section
      title={t("driver.week.title", { from: formatDay(week.from), to: formatDay(week.to) })}
      icon={<CalendarRange className="size-4" aria-hidden />}
    >
      <dl className="grid grid-cols-3 gap-2 px-4 pb-4 sm:px-5" data-testid="my-week">
        {figures.map((f) => (
          <div key={f.key} className="grid min-w-0 gap-0.5 rounded-xl bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-500">{t(`driver.week.${f.key}`)}</dt>
            <dd className="text-base font-semibold tabular-nums text-slate-900 [overflow-wrap:anywhere] sm:text-lg">
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-5">
        {week.lastSettlement
          ? t("driver.week.lastSettlement", {
              number: week.lastSettlement.number,
              date: formatDay(week.lastSettlement.periodEnd),
              amount: formatMoney(week.lastSettlement.net),
            })
          : t("driver.week.noSettlement")}
      </p>
    </Section>
  );
}

function Section({
  title,
  icon,
  action,
  children,
}: {
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 px-4 pb-3 pt-4 sm:px-5">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <span className="text-slate-500">{icon}</span>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function CurrentLoad({
  data,
  loading,
  showBoard,
}: {
  data: DriverDashboard | undefined;
  loading: boolean;
  showBoard: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const load = data?.currentLoad ?? null;
  const stops = load ? [...load.stops].sort((a, b) => a.sequence - b.sequence) : [];

  return (
    <section
      aria-labelledby="current-load-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="current-load"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="current-load-title" className="text-base font-semibold text-slate-900">
          {t("driver.currentLoad.title")}
        </h2>
        {load ? (
          <LoadStatusBadge status={load.status} />
        ) : loading ? null : (
          <Badge>{t("driver.currentLoad.none")}</Badge>
        )}
      </div>

      {loading ? (
        <div role="status" aria-label={t("common:loading")} className="mt-4 grid gap-3">
          <div className="h-5 w-40 animate-pulse rounded bg-slate-100" />
          <div className="h-16 animate-pulse rounded-xl bg-slate-100" />
          <div className="h-12 animate-pulse rounded-lg bg-slate-100" />
        </div>
      ) : load ? (
        <div className="mt-3 grid grid-cols-1 gap-4">
          <NextStopCard load={load} />
          <Link
            to={routePath("loadDetail", { loadId: load.id })}
            className="group flex min-h-11 items-center justify-between gap-3 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            data-testid="current-load-link"
          >
            <span className="font-mono text-xl font-semibold text-slate-900 group-hover:text-brand-700">
              {load.loadNumber}
            </span>
            <span className="flex items-center gap-1 text-sm font-medium text-brand-700">
              {t("driver.currentLoad.open")}
              <ArrowRight className="size-4" aria-hidden />
            </span>
          </Link>
          <ol className="grid grid-cols-1 gap-2">
            {stops.map((stop) => {
              const Icon = stop.type === "pickup" ? PackagePlus : PackageCheck;
              return (
                <li key={stop.id} className="flex items-start gap-3 rounded-xl bg-slate-50 p-3">
                  <span
                    className={cn(
                      "grid size-8 shrink-0 place-items-center rounded-full text-white",
                      stop.type === "pickup" ? "bg-sky-600" : "bg-emerald-600",
                    )}
                    aria-hidden
                  >
                    <Icon className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                      {t(`driver.currentLoad.${stop.type}`)}
                    </p>
                    <p className="font-medium text-slate-900">{stop.locationName}</p>
                    {/* The time is what a driver looks for: never cut off, on its own line on a phone. */}
                    <p className="flex flex-wrap gap-x-1.5 text-sm text-slate-600">
                      <span>
                        {stop.city}, {stop.state}
                      </span>
                      <span aria-hidden className="max-sm:hidden">
                        ·
                      </span>
                      <time
                        dateTime={stop.scheduledAt}
                        className="whitespace-nowrap max-sm:basis-full"
                        data-testid="stop-time"
                      >
                        {/* In the stop's own zone, named (issue 40). */}
                        {formatInZone(stop.scheduledAt, stop.timeZone)}
                      </time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {load.loadedMiles !== null ? (
              <span>{t("driver.currentLoad.miles", { value: formatNumber(load.loadedMiles) })}</span>
            ) : null}
            {load.weightLbs !== null ? (
              <span>{t("driver.currentLoad.weight", { value: formatNumber(load.weightLbs) })}</span>
            ) : null}
          </p>
          <DriverLoadActions load={load} />
        </div>
      ) : (
        <>
          <div className="mt-4 flex items-start gap-4 rounded-xl border border-dashed border-slate-200 bg-slate-50 p-4">
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white text-slate-500 ring-1 ring-slate-200">
              <Package className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{t("driver.currentLoad.empty")}</p>
              <p className="mt-0.5 text-sm text-slate-500">{t("driver.currentLoad.text")}</p>
            </div>
          </div>
          {showBoard ? (
            <Button asChild className="mt-4 h-12 w-full sm:w-auto">
              <Link to={ROUTES.loadBoard.path}>
                {t("driver.currentLoad.browse")}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
