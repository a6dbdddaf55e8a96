import { can, routePath } from "@shared/access";
import { type IssueAction, type TaxFormRow, WHOLE_TIN_PERMISSION } from "@shared/tax-forms/tax-forms.schema";
import { AlertTriangle, CalendarClock, Download, FilePenLine, FileSpreadsheet, Send } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "../../../components/list/list-page";
import { ListContent } from "../../../components/list/list-states";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatDateTime, formatMoney } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { downloadIris, downloadTaxForms, useTaxYear } from "../api/tax-forms";
import { IssueFormsDialog } from "../components/issue-forms-dialog";
import { useTaxFormMessages } from "../tax-forms-messages";

const VIEWS = ["all", "reportable", "blocked"] as const;

/** The year an accountant works on: this one from October (preparing), the last one before. */
function defaultYear(now = new Date()) {
  return now.getMonth() >= 9 ? now.getFullYear() : now.getFullYear() - 1;
}

function StatusBadge({ row }: { row: TaxFormRow }) {
  const { t } = useTranslation("tax-forms");
  if (!row.reportable) return <Badge>{t("status.notRequired")}</Badge>;
  if (row.blockers.length) return <Badge tone="danger">{t("status.blocked")}</Badge>;
  if (row.needsCorrection) return <Badge tone="warning">{t("status.needsCorrection")}</Badge>;
  if (row.issued)
    return (
      <Badge tone="success">
        {t(row.issued.corrected ? "status.correctedOn" : "status.issuedOn", {
          date: formatDate(row.issued.at),
        })}
      </Badge>
    );
  return <Badge tone="info">{t("status.ready")}</Badge>;
}

/**
 * /accounting/tax-forms: 1099-NEC for the independent-contractor drivers of a tax year — box 1 and 4,
 * what blocks each form, the deadline and e-filing rules, Copy B per driver or as one PDF, issue with
 * e-delivery, the IRIS upload file.
 */
export default function TaxFormsPage() {
  const { t } = useTranslation("tax-forms");
  const messages = useTaxFormMessages();
  const me = useMe().data;
  const mayIssue = can(me ?? null, "taxForms:write");
  const mayIris = can(me ?? null, WHOLE_TIN_PERMISSION);
  const [year, setYear] = useState(defaultYear());
  const [view, setView] = useState<(typeof VIEWS)[number]>("all");
  const query = useTaxYear(year);
  // Issuing and correcting each open their confirmation with the server's preview first.
  const [sending, setSending] = useState<IssueAction | null>(null);
  const data = query.data;
  const corrections = data?.items.filter((r) => r.needsCorrection).length ?? 0;
  const years = Array.from({ length: 5 }, (_, i) => defaultYear() - i);

  const run = (what: () => Promise<unknown>, failed: string) =>
    what().catch((error) => notify({ title: failed, description: messages.error(error), variant: "error" }));
  const items = (data?.items ?? []).filter((r) =>
    view === "reportable" ? r.reportable : view === "blocked" ? r.reportable && r.blockers.length > 0 : true,
  );
  const blocked = data?.items.filter((r) => r.reportable && r.blockers.length).length ?? 0;
  const box1 = data?.items.filter((r) => r.reportable).reduce((s, r) => s + Number(r.box1), 0) ?? 0;
  const cols = {
    driver: t("columns.driver"),
    tin: t("columns.tin"),
    box1: t("columns.box1"),
    box4: t("columns.box4"),
    status: t("columns.status"),
    delivery: t("columns.delivery"),
  };

  return (
    <ListPage
      title={t("title")}
      description={t("description")}
      actions={
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:justify-end">
          <Select
            aria-label={t("year")}
            value={String(year)}
            onChange={(e) => setYear(Number(e.target.value))}
            data-testid="tax-year"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
          <Button
            variant="outline"
            onClick={() => run(() => downloadTaxForms(year), t("pdfFailed"))}
            data-testid="download-all"
          >
            <Download aria-hidden />
            {t("downloadAll")}
          </Button>
          {mayIris ? (
            <Button
              variant="outline"
              onClick={() => run(() => downloadIris(year), t("irisFailed"))}
              data-testid="download-iris"
            >
              <FileSpreadsheet aria-hidden />
              {t("iris")}
            </Button>
          ) : null}
          {mayIssue && corrections ? (
            <Button
              variant="outline"
              disabled={!!data?.payerBlockers.length}
              data-testid="correct-forms"
              onClick={() => setSending("correct")}
            >
              <FilePenLine aria-hidden />
              {t("issue.correctAction", { count: corrections })}
            </Button>
          ) : null}
          {mayIssue ? (
            <Button
              disabled={!data || !!data.payerBlockers.length}
              data-testid="issue-forms"
              onClick={() => setSending("issue")}
            >
              <Send aria-hidden />
              {t("issue.action")}
            </Button>
          ) : null}
        </div>
      }
    >
      {sending ? <IssueFormsDialog year={year} action={sending} onClose={() => setSending(null)} /> : null}

      {data ? (
        <section
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700"
          data-testid="tax-deadline"
        >
          <p className="flex items-start gap-2 font-medium text-slate-900">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            {t("deadline", { date: formatDate(data.dueDate), year: data.taxYear })}
          </p>
          <p>{t("threshold", { amount: formatMoney(data.threshold), year: data.taxYear })}</p>
          <p>
            {t(data.eFileRequired ? "eFileRequired" : "eFileOptional", {
              count: data.reportableCount,
              min: 10,
            })}{" "}
            {data.irisOnly ? t("irisOnly") : null}
          </p>
        </section>
      ) : null}

      {data?.payerBlockers.length ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          data-testid="payer-blocker"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t(`payerBlockers.${data.payerBlockers[0]}`)}{" "}
            <Link to={routePath("settlements")} className="font-medium underline">
              {t("openPaySettings")}
            </Link>
          </span>
        </p>
      ) : null}

      {data ? (
        <section aria-label={t("totals")} className="grid gap-3 sm:grid-cols-3">
          <SummaryTile
            label={t("tiles.reportable")}
            value={String(data.reportableCount)}
            onClick={() => setView(view === "reportable" ? "all" : "reportable")}
            active={view === "reportable"}
          />
          <SummaryTile
            label={t("tiles.blocked")}
            value={String(blocked)}
            tone={blocked ? "danger" : "neutral"}
            onClick={() => setView(view === "blocked" ? "all" : "blocked")}
            active={view === "blocked"}
            testId="tile-blocked"
          />
          <SummaryTile label={t("tiles.box1")} value={formatMoney(box1)} />
        </section>
      ) : null}

      <section className="rounded-lg border border-slate-200 bg-white">
        <ListContent
          query={query}
          data={data ? { items } : undefined}
          errorTitle={t("fetchFailed")}
          empty={<EmptyState title={t("emptyTitle", { year })} description={t("emptyText")} />}
        >
          {() => (
            <Table aria-label={t("title")}>
              <THead className="max-lg:sr-only">
                <Tr>
                  <Th className="pl-4">{cols.driver}</Th>
                  <Th>{cols.tin}</Th>
                  <Th className="text-right">{cols.box1}</Th>
                  <Th className="text-right">{cols.box4}</Th>
                  <Th>{cols.status}</Th>
                  <Th>{cols.delivery}</Th>
                  <Th className="pr-4">
                    <span className="sr-only">{t("pdf")}</span>
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {items.map((r) => (
                  <Tr key={r.driverId} className={stacked.row} data-testid={`tax-row-${r.driverId}`}>
                    <Td className={cn(stacked.primary, "pl-4")}>
                      <span className="grid">
                        <span className="font-medium text-slate-900">{r.driverName}</span>
                        <span className="text-xs text-slate-500">
                          {[
                            r.address.street,
                            [r.address.city, r.address.state, r.address.zip].filter(Boolean).join(" "),
                          ]
                            .filter(Boolean)
                            .join(", ") || t("noAddress")}
                        </span>
                        {r.reportable && r.blockers.length ? (
                          <span className="text-xs font-medium text-red-700" data-testid="blockers">
                            {r.blockers.map((b) => t(`blockers.${b}`)).join(" · ")}
                          </span>
                        ) : null}
                      </span>
                    </Td>
                    <Td data-label={cols.tin} className={cn(stacked.cell, "font-mono text-sm")}>
                      {r.tin ?? "—"}{" "}
                      {r.tinType ? <span className="text-xs text-slate-500">{r.tinType}</span> : null}
                    </Td>
                    <Td
                      data-label={cols.box1}
                      className={cn(stacked.cell, "font-semibold tabular-nums lg:text-right")}
                    >
                      {formatMoney(r.box1)}
                    </Td>
                    <Td data-label={cols.box4} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                      {formatMoney(r.box4)}
                    </Td>
                    <Td data-label={cols.status} className={stacked.cell}>
                      <StatusBadge row={r} />
                    </Td>
                    <Td data-label={cols.delivery} className={cn(stacked.cell, "text-sm")}>
                      {r.issued?.emailedAt
                        ? t("delivery.emailed", { date: formatDateTime(r.issued.emailedAt) })
                        : t(r.econsent ? "delivery.email" : "delivery.mail")}
                    </Td>
                    <Td className={cn(stacked.corner, "pr-4 text-right")}>
                      {r.reportable && !r.blockers.length && !data?.payerBlockers.length ? (
                        <Button
                          size="sm"
                          variant="outline"
                          className="min-h-9"
                          aria-label={t("pdfFor", { name: r.driverName })}
                          onClick={() => run(() => downloadTaxForms(year, r.driverId), t("pdfFailed"))}
                        >
                          <Download aria-hidden />
                          {t("pdf")}
                        </Button>
                      ) : null}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </ListContent>
      </section>
    </ListPage>
  );
}
