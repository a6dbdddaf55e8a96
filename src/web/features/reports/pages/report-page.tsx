import { can, routePath } from "@shared/access";
import { ON_TIME_GRACE_MINUTES } from "@shared/drivers/ratings.schema";
import {
  PERIOD_PRESETS,
  type PeriodPreset,
  quarterOf,
  REPORT_IDS,
  REPORT_LANGUAGES,
  type Report,
  type ReportFormat,
  type ReportId,
  type ReportLanguage,
  type ReportQuery,
} from "@shared/reports/reports.schema";
import { Download, FileSpreadsheet, FileText, Percent } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, NavLink, useParams, useSearchParams } from "react-router";
import { ListError, ListSkeleton } from "../../../components/list/list-states";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { lazyDialog } from "../../../components/ui/lazy";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { downloadReport, useReport, useReportList } from "../api/reports";
import { PeriodPicker } from "../components/period-picker";
import { reportFormatter } from "../components/report-format";
import { ReportSectionView } from "../components/report-section";

const IftaRatesDialog = lazyDialog(() =>
  import("../components/ifta-rates-dialog").then((m) => m.IftaRatesDialog),
);

/** The period in the address (`?period=last-month`, or `custom` with `from` and `to`). */
function queryFrom(params: URLSearchParams, id: ReportId): ReportQuery {
  const raw = params.get("period");
  const fallback: PeriodPreset = id === "ifta" ? "last-quarter" : "this-month";
  const period = (PERIOD_PRESETS as readonly string[]).includes(raw ?? "") ? (raw as PeriodPreset) : fallback;
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const from = day(params.get("from"));
  const to = day(params.get("to"));
  if (period === "custom" && from && to && from <= to) return { period, from, to };
  return { period: period === "custom" ? fallback : period };
}

/** Reports (`/reports/:reportId`): one layout for every report — period, comparison, figures, charts, tables. */
export default function ReportPage() {
  const { t, i18n } = useTranslation([
    "reports",
    "loads",
    "drivers",
    "fleet",
    "accounting",
    "statements",
    "inspections",
    "citations",
    "accidents",
  ]);
  const { reportId } = useParams();
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const list = useReportList();
  const id = (REPORT_IDS as readonly string[]).includes(reportId ?? "") ? (reportId as ReportId) : null;
  const query = useMemo(() => queryFrom(params, id ?? "overview"), [params, id]);
  const report = useReport(id ?? "overview", query);
  const [ratesOpen, setRatesOpen] = useState(false);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const fmt = useMemo(
    () => reportFormatter(t, locale, report.data?.currency ?? "USD"),
    [t, locale, report.data?.currency],
  );

  if (!id) return <Navigate to={routePath("reports", { reportId: "overview" })} replace />;
  const available = list.data?.items ?? [];
  const forbidden = list.data && !available.includes(id);

  const setQuery = (next: ReportQuery) => {
    const search = new URLSearchParams();
    search.set("period", next.period);
    if (next.period === "custom" && next.from && next.to) {
      search.set("from", next.from);
      search.set("to", next.to);
    }
    setParams(search, { replace: true });
  };
  const keepPeriod = params.toString() ? `?${params.toString()}` : "";
  const data: Report | undefined = report.data?.id === id ? report.data : undefined;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t(`names.${id}`)}
        description={t(`descriptions.${id}`)}
        actions={
          <>
            {id === "ifta" && me && can(me, "iftaRates:write") ? (
              <Button variant="outline" onClick={() => setRatesOpen(true)} data-testid="ifta-rates">
                <Percent aria-hidden />
                {t("ifta.rates")}
              </Button>
            ) : null}
            <DownloadMenu id={id} query={query} disabled={!data || !!forbidden} />
          </>
        }
      />

      <nav aria-label={t("title")} className="-mx-1 overflow-x-auto pb-1">
        <ul className="flex min-w-max gap-1 px-1">
          {(available.length ? available : [id]).map((r) => (
            <li key={r}>
              <NavLink
                to={`${routePath("reports", { reportId: r })}${keepPeriod}`}
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium transition-colors",
                    isActive
                      ? "bg-brand-600 text-white"
                      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                  )
                }
              >
                {t(`names.${r}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <PeriodPicker query={query} onChange={setQuery} period={data?.period} fmt={fmt} />

      {forbidden ? (
        <Alert tone="warning">{t("errors.forbidden")}</Alert>
      ) : report.isError && !data ? (
        <ListError
          title={t("errors.load")}
          description={describeError(report.error, t)}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <ListSkeleton label={t("common:loading")} />
      ) : (
        <div
          className={cn("grid gap-8 transition-opacity", report.isPlaceholderData && "opacity-60")}
          aria-busy={report.isFetching}
        >
          {id === "ifta" ? (
            <p className="text-sm text-slate-600">
              {t("ifta.quarterNote", { quarter: quarterOf(data.period.from) })}
            </p>
          ) : null}
          {data.sections.map((s) => (
            <ReportSectionView
              key={s.key}
              section={s}
              fmt={fmt}
              hintValues={{ minutes: String(ON_TIME_GRACE_MINUTES) }}
            />
          ))}
          <p className="text-xs text-slate-500">
            {t("generated", {
              time: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
                new Date(data.generatedAt),
              ),
              zone: data.timeZone,
            })}
          </p>
        </div>
      )}
      {data && ratesOpen ? (
        <IftaRatesDialog quarter={quarterOf(data.period.from)} open={ratesOpen} onOpenChange={setRatesOpen} />
      ) : null}
    </div>
  );
}

const FORMATS: Array<{ format: ReportFormat; icon: typeof FileText }> = [
  { format: "pdf", icon: FileText },
  { format: "csv", icon: FileText },
  { format: "xlsx", icon: FileSpreadsheet },
];

function DownloadMenu({ id, query, disabled }: { id: ReportId; query: ReportQuery; disabled: boolean }) {
  const { t, i18n } = useTranslation("reports");
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const lang = (i18n.resolvedLanguage ?? "en").slice(0, 2);
  const run = async (format: ReportFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      await downloadReport(
        id,
        query,
        format,
        ((REPORT_LANGUAGES as readonly string[]).includes(lang) ? lang : "en") as ReportLanguage,
      );
    } catch (error) {
      notify({ title: t("downloads.failed"), description: describeError(error, t), variant: "error" });
    } finally {
      setBusy(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={disabled} data-testid="report-download">
          {busy ? <Spinner className="text-current" /> : <Download aria-hidden />}
          {t("downloads.label")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FORMATS.map(({ format, icon: Icon }) => (
          <DropdownMenuItem
            key={format}
            onSelect={() => void run(format)}
            disabled={!!busy}
            data-testid={`report-download-${format}`}
          >
            <Icon aria-hidden />
            {t(`downloads.${format}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
