import { routePath } from "@shared/access";
import {
  BILLING_QUEUE_PAPERWORK,
  type BillFromQueueResult,
  type BillingHold,
  type BillingQueueLoad,
  billingQueueQuerySchema,
  sumMoney,
} from "@shared/invoices/invoices.schema";
import { CheckCircle2, CircleAlert, FileText, Loader2, XCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Select } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { formatDate, formatMoney } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { useBillFromQueue, useBillingQueue } from "../api/invoices";
import { useBillingMessages } from "../billing-messages";

const FILTERS = ["paperwork"] as const;

type Grouping = "customer" | "load";
interface Job {
  customerId: string;
  customerName: string;
  loads: BillingQueueLoad[];
  state: "waiting" | "working" | "done" | "held" | "failed";
  invoiceNumber?: string;
  invoiceId?: string;
  held?: BillFromQueueResult["held"];
  error?: string;
  emailFailed?: boolean;
}

/** The invoices a selection makes: one per customer, or one per load. */
function jobsOf(selected: BillingQueueLoad[], grouping: Grouping): Job[] {
  if (grouping === "load")
    return selected.map((l) => ({
      customerId: l.customerId,
      customerName: l.customerName,
      loads: [l],
      state: "waiting",
    }));
  const byCustomer = new Map<string, Job>();
  for (const l of selected) {
    const job = byCustomer.get(l.customerId) ?? {
      customerId: l.customerId,
      customerName: l.customerName,
      loads: [],
      state: "waiting" as const,
    };
    job.loads.push(l);
    byCustomer.set(l.customerId, job);
  }
  return [...byCustomer.values()];
}

function Paper({ ok, label }: { ok: boolean; label: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 text-xs", ok ? "text-emerald-700" : "text-slate-500")}
    >
      {ok ? <CheckCircle2 className="size-3.5" aria-hidden /> : <XCircle className="size-3.5" aria-hidden />}
      <span>{label}</span>
    </span>
  );
}

/** /accounting/bill-customer: completed loads waiting for an invoice, billed in one action. */
export default function BillCustomerPage() {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const list = useListScreen(billingQueueQuerySchema, useBillingQueue, {
    filters: FILTERS,
    fetchFailed: t("queue.fetchFailed"),
  });
  const { filter, update, data } = list;
  const [selected, setSelected] = useState<Map<string, BillingQueueLoad>>(new Map());
  const [grouping, setGrouping] = useState<Grouping>("customer");
  const [send, setSend] = useState(false);
  const [override, setOverride] = useState(false);
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const bill = useBillFromQueue();

  const toggle = (loads: BillingQueueLoad[], on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const l of loads) on ? next.set(l.id, l) : next.delete(l.id);
      return next;
    });
  const chosen = [...selected.values()];
  const running = !!jobs?.some((j) => j.state === "waiting" || j.state === "working");

  async function run() {
    const planned = jobsOf(chosen, grouping);
    setJobs(planned);
    for (let i = 0; i < planned.length; i += 1) {
      const job = planned[i];
      setJobs((js) => js?.map((j, k) => (k === i ? { ...j, state: "working" } : j)) ?? null);
      try {
        const result = await bill.mutateAsync({
          customerId: job.customerId,
          loadIds: job.loads.map((l) => l.id),
          send,
          overrideMissingPod: override,
        });
        const done: Partial<Job> = result.invoice
          ? {
              state: "done",
              invoiceNumber: result.invoice.invoiceNumber,
              invoiceId: result.invoice.id,
              emailFailed: result.delivery === "failed",
            }
          : { state: "held" };
        setJobs((js) => js?.map((j, k) => (k === i ? { ...j, ...done, held: result.held } : j)) ?? null);
      } catch (error) {
        // One invoice failing (a load billed meanwhile by someone else) never stops the rest.
        setJobs(
          (js) =>
            js?.map((j, k) => (k === i ? { ...j, state: "failed", error: messages.error(error) } : j)) ??
            null,
        );
      }
    }
    setSelected(new Map());
  }

  /** Why a load waits, in the reader's words ("BOL rejected: <the reviewer's reason>"). */
  const holdText = (hold: BillingHold) =>
    hold.kind === "missing"
      ? t("queue.hold.missing")
      : hold.reason
        ? t("queue.hold.rejected", { reason: hold.reason })
        : t("queue.hold.rejectedNoReason");

  const finished = jobs?.filter((j) => j.state !== "waiting" && j.state !== "working").length ?? 0;

  return (
    <ListPage title={t("queue.title")} description={t("queue.description")}>
      {data ? (
        <p className="text-sm text-slate-700" data-testid="queue-summary">
          {t("queue.summary", {
            loads: data.summary.loads,
            customers: data.summary.customers,
            amount: formatMoney(data.summary.amount),
          })}
        </p>
      ) : null}

      <ListPanel
        list={list}
        search={{ label: t("queue.searchLabel"), hint: t("queue.searchHint") }}
        filters={
          <Select
            aria-label={t("queue.filters.paperwork")}
            value={filter.paperwork ?? ""}
            onChange={(e) => update({ paperwork: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("queue.filters.allPaperwork")}</option>
            {BILLING_QUEUE_PAPERWORK.map((p) => (
              <option key={p} value={p}>
                {t(`queue.paperwork.${p}`)}
              </option>
            ))}
          </Select>
        }
        above={
          <div
            className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-slate-50 px-4 py-3"
            data-testid="queue-actions"
          >
            <span className="text-sm font-medium text-slate-900">
              {t("queue.selected", {
                count: chosen.length,
                amount: formatMoney(sumMoney(chosen.map((l) => l.amount))),
              })}
            </span>
            <Select
              aria-label={t("queue.grouping.label")}
              value={grouping}
              onChange={(e) => setGrouping(e.target.value as Grouping)}
              className="w-auto"
            >
              <option value="customer">{t("queue.grouping.customer")}</option>
              <option value="load">{t("queue.grouping.load")}</option>
            </Select>
            <label className="flex min-h-9 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={send}
                onChange={(e) => setSend(e.target.checked)}
              />
              {t("queue.send")}
            </label>
            <label className="flex min-h-9 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={override}
                onChange={(e) => setOverride(e.target.checked)}
              />
              {t("queue.override")}
            </label>
            <Button
              size="sm"
              className="ml-auto"
              disabled={!chosen.length || running}
              onClick={run}
              data-testid="queue-create"
            >
              <FileText aria-hidden />
              {t("queue.create", { count: jobsOf(chosen, grouping).length })}
            </Button>
          </div>
        }
        errorTitle={t("queue.fetchFailed")}
        empty={emptyCopy(t, "queue.empty")}
        render={(page) => {
          const groups = new Map<string, BillingQueueLoad[]>();
          for (const l of page.items) groups.set(l.customerId, [...(groups.get(l.customerId) ?? []), l]);
          return (
            <div className="divide-y divide-slate-200" data-testid="queue-groups">
              {[...groups.values()].map((loads) => {
                const all = loads.every((l) => selected.has(l.id));
                return (
                  <section
                    key={loads[0].customerId}
                    aria-label={loads[0].customerName}
                    data-testid="queue-group"
                  >
                    <header className="flex flex-wrap items-center gap-3 bg-white px-4 py-3">
                      <label className="flex min-h-9 items-center gap-3 font-medium text-slate-900">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          checked={all}
                          onChange={(e) => toggle(loads, e.target.checked)}
                          aria-label={t("queue.selectCustomer", { name: loads[0].customerName })}
                        />
                        {loads[0].customerName}
                      </label>
                      <span className="ml-auto text-sm tabular-nums text-slate-600">
                        {formatMoney(sumMoney(loads.map((l) => l.amount)))}
                      </span>
                    </header>
                    <ul className="divide-y divide-slate-100">
                      {loads.map((l) => (
                        <li
                          key={l.id}
                          className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-3 px-4 py-3 sm:pl-11"
                          data-testid={`queue-load-${l.id}`}
                        >
                          <input
                            type="checkbox"
                            className="mt-1 size-4 accent-brand-700"
                            checked={selected.has(l.id)}
                            onChange={(e) => toggle([l], e.target.checked)}
                            aria-label={t("queue.selectLoad", { number: l.loadNumber })}
                          />
                          <span className="grid min-w-0 gap-1">
                            <span className="flex flex-wrap items-center gap-2">
                              <Link
                                to={routePath("loadDetail", { loadId: l.id })}
                                className="font-mono text-sm font-medium text-brand-700 hover:underline"
                              >
                                {l.loadNumber}
                              </Link>
                              {l.hold ? (
                                <Badge
                                  tone={l.hold.kind === "rejected" ? "danger" : "warning"}
                                  className="min-w-0 items-start gap-1 rounded-md text-left [overflow-wrap:anywhere]"
                                  data-testid="queue-hold"
                                >
                                  <CircleAlert className="mt-0.5 size-3 shrink-0" aria-hidden />
                                  {holdText(l.hold)}
                                </Badge>
                              ) : null}
                            </span>
                            <span className="truncate text-sm text-slate-600">
                              {l.pickupCity}, {l.pickupState} → {l.deliveryCity}, {l.deliveryState}
                              {l.deliveredAt
                                ? ` · ${t("queue.delivered", { date: formatDate(l.deliveredAt) })}`
                                : ""}
                            </span>
                            <span className="flex flex-wrap gap-3">
                              <Paper ok={l.rateConfirmations > 0} label={t("queue.files.rateConfirmation")} />
                              <Paper ok={l.billsOfLading > 0} label={t("queue.files.bol")} />
                              <Paper ok={l.proofsOfDelivery > 0} label={t("queue.files.pod")} />
                            </span>
                          </span>
                          <span className="font-semibold tabular-nums">{formatMoney(l.amount)}</span>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          );
        }}
      />

      <Dialog
        open={!!jobs}
        onOpenChange={(o) => !o && !running && setJobs(null)}
        title={t("queue.progress.title")}
        description={jobs ? t("queue.progress.count", { done: finished, total: jobs.length }) : undefined}
        closeLabel={t("common:actions.close")}
      >
        <progress
          className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
          max={jobs?.length ?? 1}
          value={finished}
          aria-label={t("queue.progress.title")}
        />
        <ul className="mt-3 grid gap-2" data-testid="queue-progress">
          {jobs?.map((j) => (
            <li
              key={`${j.customerId}-${j.loads[0].id}`}
              className="grid gap-0.5 text-sm"
              data-state={j.state}
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                {j.state === "working" ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                {j.state === "done" ? <CheckCircle2 className="size-4 text-emerald-600" aria-hidden /> : null}
                {j.state === "failed" || j.state === "held" ? (
                  <XCircle className="size-4 text-red-600" aria-hidden />
                ) : null}
                {j.customerName} · {j.loads.map((l) => l.loadNumber).join(", ")}
              </span>
              <span className="text-slate-600">
                {j.state === "done" && j.invoiceId ? (
                  <Link
                    to={`${routePath("customerInvoices")}?invoice=${encodeURIComponent(j.invoiceId)}`}
                    className="text-brand-700 hover:underline"
                  >
                    {t("queue.progress.made", { number: j.invoiceNumber })}
                  </Link>
                ) : null}
                {j.state === "failed" ? j.error : null}
                {j.state === "waiting" ? t("queue.progress.waiting") : null}
                {j.held?.length
                  ? ` ${t("queue.progress.held", {
                      loads: j.held
                        .map((h) =>
                          t("queue.progress.heldLoad", { number: h.loadNumber, why: holdText(h.hold) }),
                        )
                        .join(", "),
                    })}`
                  : ""}
                {j.emailFailed ? ` ${t("queue.progress.emailFailed")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      </Dialog>
    </ListPage>
  );
}
