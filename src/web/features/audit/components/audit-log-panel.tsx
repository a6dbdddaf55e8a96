import { isRole } from "@shared/access";
import { AUDIT_ACTIONS, type AuditEntry, auditListQuerySchema } from "@shared/audit/audit.schema";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent, ListSkeleton } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Input, Label, Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatDay, formatMoney, formatNumber } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { useAuditLog } from "../api/audit";
import { type AuditWords, useAuditWords } from "./audit-words";

const TONE_BY_PREFIX: Record<string, "info" | "success" | "warning" | "danger" | "neutral"> = {
  "user.deleted": "danger",
  "user.disabled": "danger",
  "registration.rejected": "danger",
  "registration.approved": "success",
  "user.created": "success",
  "user.enabled": "success",
  impersonation: "warning",
  auth: "neutral",
};

const toneOf = (action: string) => TONE_BY_PREFIX[action] ?? TONE_BY_PREFIX[action.split(".")[0]] ?? "info";

/** Ids mean nothing to a reader; the full record stays in the cell's tooltip. */
const HIDDEN_DETAILS = new Set<string>([
  "userId",
  "driverId",
  "loadId",
  "itemId",
  "ratingId",
  "linkId",
  "mailId",
  "vehicleId",
  "maintenanceItemId",
]);
/** Where an action's status values are worded: `load.status_changed` → `loads:status.<value>`. */
const STATUS_WORDS: Record<string, string> = {
  load: "loads:status",
  invoice: "invoices:status",
  citation: "citations:status",
  accident: "accidents:claimStatus",
  driver: "drivers:status",
};
const STATUS_DETAILS = new Set<string>(["status", "from", "to"]);
/** Details whose values are words of the accounting chart (a ledger entry's, a payment's). */
const ACCOUNTING_WORDS: Record<string, string> = {
  category: "accounting:categories",
  direction: "accounting:directions",
  method: "accounting:methods",
};
const MONEY_DETAILS = new Set<string>(["amount", "cost", "fineAmount", "total", "totalAmount"]);
const DAY_DETAILS = new Set<string>(["dueDate", "paidOn", "issueDate"]);
const TIME_DETAILS = new Set<string>(["startsAt", "endsAt", "expiresAt"]);

/**
 * A compact line of `key: value` chips in the reader's language: roles and yes/no translated, money,
 * days and times per locale; a `from`/`to` pair (a role change) reads as one "Customer → Driver" chip.
 */
function DetailsSummary({
  action,
  details,
  words,
}: {
  action: string;
  details: AuditEntry["details"];
  words: AuditWords;
}) {
  const { t } = useTranslation([
    "admin",
    "accidents",
    "accounting",
    "citations",
    "drivers",
    "invoices",
    "loads",
  ]);
  const statusWords = STATUS_WORDS[action.split(".")[0]];
  const show = (key: string, v: unknown): string => {
    if (isRole(v)) return t(`common:roles.${v}`);
    const worded = typeof v === "string" ? words.detail(action, key, v) : null;
    if (worded !== null) return worded;
    if (statusWords && STATUS_DETAILS.has(key) && typeof v === "string") {
      return t(`${statusWords}.${v}`, { defaultValue: v });
    }
    if (ACCOUNTING_WORDS[key] && typeof v === "string")
      return t(`${ACCOUNTING_WORDS[key]}.${v}`, { defaultValue: v });
    if (key === "kind" && action.startsWith("bill.") && typeof v === "string")
      return t(`accounting:bills.types.${v}`, { defaultValue: v });
    if (typeof v === "boolean") return t(v ? "audit.yes" : "audit.no");
    if (Array.isArray(v)) return v.map((x) => show(key, x)).join(", ");
    if (typeof v === "object" && v !== null) return JSON.stringify(v);
    if (MONEY_DETAILS.has(key) && /^-?\d+(\.\d+)?$/.test(String(v))) return formatMoney(String(v));
    if (DAY_DETAILS.has(key) && typeof v === "string") return formatDay(v);
    if (TIME_DETAILS.has(key) && typeof v === "string") return formatDateTime(v);
    if (typeof v === "number") return formatNumber(v);
    return String(v);
  };
  const { from, to, ...rest } = details ?? {};
  const chips: { key: string; label?: string; text: string }[] = [];
  if (from !== undefined && to !== undefined)
    chips.push({ key: "change", text: `${show("from", from)} → ${show("to", to)}` });
  else Object.assign(rest, from === undefined ? {} : { from }, to === undefined ? {} : { to });
  for (const [key, value] of Object.entries(rest)) {
    if (HIDDEN_DETAILS.has(key) || value === null || value === undefined || value === "") continue;
    chips.push({ key, label: t(`audit.detailKeys.${key}`, { defaultValue: key }), text: show(key, value) });
  }
  if (!chips.length) return <span className="text-slate-500">—</span>;
  return (
    <ul
      className="flex max-w-64 flex-wrap justify-end gap-1 lg:max-w-60 lg:justify-start"
      title={JSON.stringify(details, null, 2)}
    >
      {chips.map((chip) => (
        <li
          key={chip.key}
          className="max-w-full truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700"
        >
          {chip.label ? <span className="text-slate-600">{chip.label}: </span> : null}
          {chip.text}
        </li>
      ))}
    </ul>
  );
}

/** The audit log's list screen (the admin actions page's first tab). */
export function AuditLogPanel() {
  const { t } = useTranslation([
    "admin",
    "accidents",
    "accounting",
    "citations",
    "drivers",
    "invoices",
    "loads",
  ]);
  const {
    values,
    query: audit,
    data,
    retained,
    search,
    onSearch,
    filtered,
    clear,
    update,
  } = useListScreen(auditListQuerySchema, useAuditLog, {
    filters: ["action", "from", "to"],
    fetchFailed: t("audit.fetchFailed"),
    // An inverted range would only ever return nothing; the hint below explains instead.
    narrow: (f) => (f.from && f.to && f.from > f.to ? { ...f, to: undefined } : f),
  });
  // The inputs show what the URL says (the query above drops an inverted range's end).
  const filters = { q: search, action: values.action ?? "", from: values.from ?? "", to: values.to ?? "" };
  const badRange = !!(filters.from && filters.to && filters.from > filters.to);
  const words = useAuditWords([]);
  const cols = {
    when: t("audit.columns.when"),
    who: t("audit.columns.who"),
    action: t("audit.columns.action"),
    target: t("audit.columns.target"),
    details: t("audit.columns.details"),
    ip: t("audit.columns.ip"),
  };

  return (
    <Card className="overflow-hidden">
      <div className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-2 sm:items-end xl:grid-cols-[minmax(12rem,1fr)_13rem_auto_auto]">
        <div className="grid gap-1.5">
          <Label className="text-xs text-slate-500">{t("audit.filters.search")}</Label>
          <SearchInput
            value={search}
            onSearch={onSearch}
            label={t("audit.filters.search")}
            hint={t("audit.filters.searchHint")}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action" className="text-xs text-slate-500">
            {t("audit.filters.action")}
          </Label>
          <Select
            id="audit-action"
            value={filters.action}
            onChange={(e) => update({ action: e.target.value })}
          >
            <option value="">{t("audit.filters.allActions")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {words.action(a)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="audit-from" className="text-xs text-slate-500">
              {t("audit.filters.from")}
            </Label>
            <Input
              id="audit-from"
              type="date"
              className="min-w-0"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => update({ from: e.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-to" className="text-xs text-slate-500">
              {t("audit.filters.to")}
            </Label>
            <Input
              id="audit-to"
              type="date"
              className="min-w-0"
              value={filters.to}
              min={filters.from || undefined}
              aria-invalid={badRange || undefined}
              onChange={(e) => update({ to: e.target.value })}
            />
          </div>
        </div>
        <div className="flex h-10 items-center gap-3 empty:hidden">
          {audit.isFetching && data ? <Spinner label={t("list.updating")} className="text-xs" /> : null}
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              {t("common:actions.clearFilters")}
            </Button>
          ) : null}
        </div>
        {badRange ? (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2 xl:col-span-4">
            {t("audit.filters.badRange")}
          </p>
        ) : null}
      </div>

      <ListContent
        query={audit}
        data={data}
        errorTitle={t("audit.fetchFailed")}
        empty={
          <EmptyState
            title={filtered ? t("audit.empty.filteredTitle") : t("audit.empty.title")}
            description={filtered ? t("audit.empty.filteredText") : t("audit.empty.text")}
            action={
              filtered ? (
                <Button variant="outline" size="sm" onClick={clear}>
                  {t("common:actions.clearFilters")}
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(data) => (
          <>
            {/* A page with entries about permissions or settings loads those words first. */}
            <Suspense fallback={<ListSkeleton label={t("common:loading")} />}>
              <AuditRows items={data.items} retained={retained} cols={cols} />
            </Suspense>
            <ListPagination of={data} onChange={update} />
          </>
        )}
      </ListContent>
    </Card>
  );
}

/** The audit log's table: a page of entries, worded with the words its entries need. */
function AuditRows({
  items,
  retained,
  cols,
}: {
  items: AuditEntry[];
  retained: boolean;
  cols: Record<"when" | "who" | "action" | "target" | "details" | "ip", string>;
}) {
  const { t } = useTranslation("admin");
  const words = useAuditWords(items);
  return (
    <Table className={stacked.table} aria-label={t("audit.tab")}>
      <THead className={stacked.head}>
        <tr>
          <Th className="pl-4">{cols.when}</Th>
          <Th>{cols.who}</Th>
          <Th>{cols.action}</Th>
          <Th>{cols.target}</Th>
          <Th className="pr-4">{cols.details}</Th>
        </tr>
      </THead>
      <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
        {items.map((entry) => (
          <Tr key={entry.id} className={stacked.row}>
            <Td className={cn(stacked.primary, "whitespace-nowrap pl-4 text-slate-600 max-lg:text-xs")}>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </Td>
            <Td data-label={cols.who} className={stacked.cell}>
              <div className="min-w-0 max-lg:text-right">
                {entry.actorEmail ? (
                  <div className="text-slate-800 max-lg:break-all lg:whitespace-nowrap">
                    {entry.actorEmail}
                  </div>
                ) : (
                  <div className="text-slate-500 italic">{t("audit.anonymous")}</div>
                )}
                {entry.impersonatorEmail ? (
                  <div className="text-xs text-amber-700">
                    {t("audit.impersonatedBy", { email: entry.impersonatorEmail })}
                  </div>
                ) : null}
                {/* The address the request came from, under who made it (one column less). */}
                {entry.ip ? (
                  <div className="font-mono text-xs text-slate-500" title={cols.ip}>
                    {entry.ip}
                  </div>
                ) : null}
              </div>
            </Td>
            <Td data-label={cols.action} className={stacked.cell}>
              <Badge tone={toneOf(entry.action)} className="whitespace-normal lg:max-w-44">
                {words.action(entry.action)}
              </Badge>
            </Td>
            <Td data-label={cols.target} className={stacked.cell}>
              {entry.targetLabel || entry.targetType ? (
                <div className="min-w-0 max-lg:text-right">
                  <div className="text-slate-800 max-lg:break-all lg:whitespace-nowrap">
                    {words.target(entry)}
                  </div>
                  {entry.targetType ? (
                    <div className="text-xs text-slate-500">{words.targetType(entry.targetType)}</div>
                  ) : null}
                </div>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </Td>
            <Td data-label={cols.details} className={cn(stacked.cell, "pr-4")}>
              <DetailsSummary action={entry.action} details={entry.details} words={words} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
