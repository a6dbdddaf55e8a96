import { canOpen, type RouteKey, routePath, type User } from "@shared/access";
import {
  type ActivityItem,
  RECENT_ACTIVITY_DAYS,
  type StaffDashboard,
  UPCOMING_BILLS_DAYS,
} from "@shared/dashboard/dashboard.schema";
import { CalendarDays, History, Receipt } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListError, ListSkeleton } from "../../../components/list/list-states";
import { Badge } from "../../../components/ui/badge";
import { describeError } from "../../../lib/api-errors";
import { formatDateTime, formatDay, formatMoney, formatNumber } from "../../../lib/format";
import { navSectionsFor } from "../../../lib/navigation";
import { useMe } from "../../../lib/session";
import { useAuditWords } from "../../audit/components/audit-words";
import { useStaffDashboard } from "../api/dashboard";
import { type Tile, TileGroup } from "../components/dashboard-tiles";
import { useGreeting } from "../components/greeting";
import { QuickLinkCard } from "../components/quick-link-card";

/** Where an activity entry's subject lives (a record's page when it has one, else its list). */
const TARGET_ROUTES: Record<string, { route: RouteKey; param?: string }> = {
  load: { route: "loadDetail", param: "loadId" },
  driver: { route: "driverDetail", param: "driverId" },
  vehicle: { route: "vehicleDetail", param: "vehicleId" },
  trailer: { route: "trailerDetail", param: "trailerId" },
  inspection: { route: "inspectionDetail", param: "inspectionId" },
  accident: { route: "accidentDetail", param: "accidentId" },
  customer: { route: "customerDetail", param: "customerId" },
  load_request: { route: "loadRequests" },
  invoice: { route: "customerInvoices" },
  citation: { route: "citations" },
  bill: { route: "bills" },
  settlement: { route: "settlements" },
  ledger_entry: { route: "transactions" },
  document: { route: "documents" },
  contract: { route: "contracts" },
  certificate: { route: "coiManager" },
  certificate_request: { route: "coiManager" },
  toll: { route: "tolls" },
  toll_statement: { route: "tolls" },
  parking_expense: { route: "parking" },
  parking_reservation: { route: "parking" },
  fuel_entry: { route: "fuelEntries" },
  user: { route: "userManagement" },
  account_review: { route: "accountReview" },
};

const change = (now: string, before: string) => {
  const a = Number(now);
  const b = Number(before);
  if (!b) return null;
  return Math.round(((a - b) / Math.abs(b)) * 1000) / 10;
};

/** The staff home: the role's live figures (each opening its screen), bills due, the week's activity. */
export default function StaffDashboardPage() {
  const { t } = useTranslation("dashboard");
  const { data: me } = useMe();
  const { greeting, today } = useGreeting(me?.user.name ?? "");
  const dashboard = useStaffDashboard(!!me);
  if (!me) return null;
  const sections = navSectionsFor(me, ["home"]);
  const data = dashboard.data;

  return (
    <div className="grid gap-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
            data-testid="dashboard-greeting"
          >
            {greeting}
          </h1>
          <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <span>{t("staff.signedInAs")}</span>
            <Badge tone="info">{t(`common:roles.${me.role}`)}</Badge>
          </p>
        </div>
        <p className="inline-flex items-center gap-2 self-start rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-sm sm:self-auto">
          <CalendarDays className="size-4 text-slate-500" aria-hidden />
          <time dateTime={new Date().toISOString().slice(0, 10)}>{today}</time>
        </p>
      </header>

      {dashboard.isError && !data ? (
        <ListError
          title={t("staff.loadFailed")}
          description={describeError(dashboard.error, t)}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : !data ? (
        <ListSkeleton label={t("common:loading")} rows={4} />
      ) : (
        <>
          {data.dispatch ? <DispatchTiles data={data} user={me} /> : null}
          {data.money ? <MoneyTiles data={data} user={me} /> : null}
          {data.safety ? <SafetyTiles data={data} user={me} /> : null}
          {/* An entry about permissions or settings loads those words first: the tiles do not wait. */}
          <Suspense fallback={<ListSkeleton label={t("common:loading")} rows={4} />}>
            <RecentActivity items={data.activity} user={me} />
          </Suspense>
        </>
      )}

      <section aria-labelledby="quick-links-title" className="grid gap-6">
        <div>
          <h2 id="quick-links-title" className="text-base font-semibold text-slate-900">
            {t("staff.quickLinks")}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{t("staff.quickLinksText")}</p>
        </div>
        {sections.map((section) => (
          <section key={section.group} aria-labelledby={`quick-${section.group}`}>
            <h3
              id={`quick-${section.group}`}
              className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-500"
            >
              {t(`nav:groups.${section.group}`)}
            </h3>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {section.items.map((key) => (
                <QuickLinkCard key={key} routeKey={key} />
              ))}
            </div>
          </section>
        ))}
      </section>
    </div>
  );
}

function DispatchTiles({ data, user }: { data: StaffDashboard; user: User }) {
  const { t } = useTranslation("dashboard");
  const d = data.dispatch;
  if (!d) return null;
  const day = `?from=${data.today}&to=${data.today}`;
  const tiles: Tile[] = [
    {
      key: "pickupsToday",
      label: t("staff.tiles.pickupsToday"),
      value: formatNumber(d.pickupsToday),
      to: { route: "loads", search: day },
    },
    {
      key: "deliveriesToday",
      label: t("staff.tiles.deliveriesToday"),
      value: formatNumber(d.deliveriesToday),
      to: { route: "calendar" },
    },
    {
      key: "unassigned",
      label: t("staff.tiles.unassigned"),
      value: formatNumber(d.unassigned),
      tone: d.unassigned > 0 ? "warning" : "neutral",
      sub: t("staff.tiles.unassignedSub"),
      to: { route: "loads", search: "?status=pending" },
    },
    {
      key: "active",
      label: t("staff.tiles.active"),
      value: formatNumber(d.assigned + d.inProgress),
      sub: t("staff.tiles.activeSub", { assigned: d.assigned, inProgress: d.inProgress, pending: d.pending }),
      to: { route: "loads", search: "?status=in_progress" },
    },
    {
      key: "drivers",
      label: t("staff.tiles.driversAvailable"),
      value: formatNumber(d.driversAvailable),
      sub: t("staff.tiles.driversSub", { busy: d.driversBusy, off: d.driversOffDuty }),
      to: { route: "drivers", search: "?status=available" },
    },
    {
      key: "board",
      label: t("staff.tiles.boardInterest"),
      value: formatNumber(d.boardLoadsWithInterest),
      sub: t("staff.tiles.boardSub", { count: d.boardInterests }),
      to: { route: "loadBoard" },
    },
    {
      key: "requests",
      label: t("staff.tiles.pendingRequests"),
      value: formatNumber(d.pendingRequests),
      tone: d.pendingRequests > 0 ? "warning" : "neutral",
      to: { route: "loadRequests" },
    },
  ];
  return <TileGroup title={t("staff.groups.dispatch")} user={user} tiles={tiles} />;
}

function MoneyTiles({ data, user }: { data: StaffDashboard; user: User }) {
  const { t } = useTranslation("dashboard");
  const m = data.money;
  if (!m) return null;
  const versus = (now: string, before: string, key: "lastWeek" | "lastMonth") => {
    const c = change(now, before);
    return t(`staff.tiles.${key}`, {
      amount: formatMoney(before),
      change: c === null ? "" : `(${c > 0 ? "+" : ""}${formatNumber(c, 1)} %)`,
    });
  };
  const tiles: Tile[] = [
    {
      key: "revenueWeek",
      label: t("staff.tiles.revenueWeek"),
      value: formatMoney(m.revenueWeek),
      sub: versus(m.revenueWeek, m.revenueLastWeek, "lastWeek"),
      to: { route: "reports", params: { reportId: "financial" }, search: "?period=this-week" },
    },
    {
      key: "revenueMonth",
      label: t("staff.tiles.revenueMonth"),
      value: formatMoney(m.revenueMonth),
      sub: versus(m.revenueMonth, m.revenueLastMonth, "lastMonth"),
      to: { route: "reports", params: { reportId: "financial" }, search: "?period=this-month" },
    },
    {
      key: "overdue",
      label: t("staff.tiles.overdue"),
      value: formatMoney(m.overdueAmount),
      tone: m.overdueInvoices > 0 ? "danger" : "neutral",
      sub: t("staff.tiles.overdueSub", { count: m.overdueInvoices }),
      to: { route: "customerInvoices", search: "?status=overdue" },
    },
    {
      key: "bills",
      label: t("staff.tiles.upcomingBills", { days: UPCOMING_BILLS_DAYS }),
      value: formatMoney(m.upcomingBillsAmount),
      sub: t("staff.tiles.billsSub", { count: m.upcomingBills.length }),
      to: { route: "bills" },
    },
    {
      key: "settlements",
      label: t("staff.tiles.settlementsToApprove"),
      value: formatNumber(m.settlementsToApprove),
      tone: m.settlementsToApprove > 0 ? "warning" : "neutral",
      to: { route: "settlements", search: "?status=draft" },
    },
  ];
  return (
    <TileGroup title={t("staff.groups.money")} user={user} tiles={tiles}>
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="upcoming-bills">
        <h3 className="flex items-center gap-2 border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
          <Receipt className="size-4 text-slate-500" aria-hidden />
          {t("staff.bills.title", { days: UPCOMING_BILLS_DAYS })}
        </h3>
        {m.upcomingBills.length ? (
          <ul className="divide-y divide-slate-100">
            {m.upcomingBills.map((b) => (
              <li
                key={b.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{b.name}</span>
                  {b.vendor ? <span className="text-slate-500"> · {b.vendor}</span> : null}
                </span>
                <span className="flex items-center gap-3 tabular-nums">
                  <span className="text-slate-500">{formatDay(b.dueDate)}</span>
                  <span className="font-semibold text-slate-900">{formatMoney(b.amount)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 py-4 text-sm text-slate-500">
            {t("staff.bills.empty", { days: UPCOMING_BILLS_DAYS })}
          </p>
        )}
      </div>
    </TileGroup>
  );
}

function SafetyTiles({ data, user }: { data: StaffDashboard; user: User }) {
  const { t } = useTranslation("dashboard");
  const s = data.safety;
  if (!s) return null;
  const warn = (n: number) => (n > 0 ? "warning" : "neutral");
  const tiles: Tile[] = [
    {
      key: "expired",
      label: t("staff.tiles.expiredDocuments"),
      value: formatNumber(s.expiredDocuments),
      tone: s.expiredDocuments > 0 ? "danger" : "neutral",
      to: { route: "reports", params: { reportId: "compliance" } },
    },
    {
      key: "expiring",
      label: t("staff.tiles.expiringDocuments"),
      value: formatNumber(s.expiringDocuments),
      tone: warn(s.expiringDocuments),
      to: { route: "reports", params: { reportId: "compliance" } },
    },
    {
      key: "citations",
      label: t("staff.tiles.openCitations"),
      value: formatNumber(s.openCitations),
      tone: warn(s.openCitations),
      to: { route: "citations", search: "?status=open" },
    },
    {
      key: "claims",
      label: t("staff.tiles.openClaims"),
      value: formatNumber(s.openClaims),
      tone: warn(s.openClaims),
      to: { route: "accidents", search: "?claimStatus=open" },
    },
    {
      key: "failed",
      label: t("staff.tiles.failedInspections"),
      value: formatNumber(s.failedInspections),
      tone: warn(s.failedInspections),
      sub: t("staff.tiles.last30"),
      to: { route: "inspections", search: "?status=fail" },
    },
    {
      key: "maintenance",
      label: t("staff.tiles.overdueMaintenance"),
      value: formatNumber(s.overdueServices),
      tone: s.overdueServices > 0 ? "danger" : "neutral",
      sub: t("staff.tiles.openRepairs", { count: s.openRepairs }),
      to: { route: "maintenance", search: "?status=open" },
    },
  ];
  return <TileGroup title={t("staff.groups.safety")} user={user} tiles={tiles} />;
}

function RecentActivity({ items, user }: { items: ActivityItem[]; user: User }) {
  const { t } = useTranslation("dashboard");
  const words = useAuditWords(items);
  const href = (item: ActivityItem) => {
    const target = item.targetType ? TARGET_ROUTES[item.targetType] : undefined;
    if (!target || !canOpen(user, target.route)) return null;
    if (target.param)
      return item.targetId ? routePath(target.route, { [target.param]: item.targetId }) : null;
    return routePath(target.route);
  };
  return (
    <section aria-labelledby="recent-activity" className="grid gap-3">
      <div>
        <h2 id="recent-activity" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <History className="size-4 text-slate-500" aria-hidden />
          {t("staff.activity.title")}
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">
          {t("staff.activity.window", { days: RECENT_ACTIVITY_DAYS })}
        </p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="recent-activity">
        {items.length ? (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => {
              const link = href(item);
              return (
                <li
                  key={item.id}
                  className="grid gap-0.5 px-4 py-2.5 text-sm sm:flex sm:items-baseline sm:justify-between sm:gap-4"
                >
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{words.action(item.action)}</span>
                    {item.targetLabel ? (
                      <>
                        {" · "}
                        {link ? (
                          <Link
                            to={link}
                            className="text-brand-700 underline underline-offset-2 hover:no-underline"
                          >
                            {words.target(item)}
                          </Link>
                        ) : (
                          <span className="text-slate-700">{words.target(item)}</span>
                        )}
                      </>
                    ) : null}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500">
                    {[item.actorEmail, formatDateTime(item.createdAt)].filter(Boolean).join(" · ")}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="px-4 py-6 text-center text-sm text-slate-500">
            {t("staff.activity.empty", { days: RECENT_ACTIVITY_DAYS })}
          </p>
        )}
      </div>
    </section>
  );
}
