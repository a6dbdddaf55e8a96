import { LEDGER_PAYMENT_METHODS } from "@shared/accounting/ledger.schema";
import {
  ADDITION_KINDS,
  addLineSchema,
  DEDUCTION_KINDS,
  paySettlementSchema,
  RECEIPT_KINDS,
  type Settlement,
  type SettlementLine,
} from "@shared/settlements/settlements.schema";
import { Ban, CheckCircle2, Plus, RefreshCw, Trash2, Wallet } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { firstIssues } from "../../../lib/form-errors";
import { formatDate, formatMoney, formatNumber, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAdjustable, useChangeSettlement, useSettlement, useUnsettledLoads } from "../api/settlements";
import { useSettlementMessages } from "../settlements-messages";
import { LineReceipt, ReceiptPicker } from "./line-receipt";
import { lineAmount, periodLabel, STATUS_TONES } from "./settlement-format";
import { SettlementPdfButton } from "./settlement-pdf-button";

type Errors = Record<string, string | undefined>;

/** How a load's pay was reached, in words: "25 % of the total, $2,225.50", "$0.62 × 1,234.5 mi". */
export function useComputation() {
  const { t } = useTranslation("settlements");
  return (line: SettlementLine) => {
    if (!line.payType || !line.payRate) return t("lines.noPay");
    const rate =
      line.payType === "percentage"
        ? t("lines.percentage", {
            rate: formatNumber(line.payRate, 2),
            base: t(`bases.${line.percentageBase ?? "total"}`),
            amount: formatMoney(line.baseAmount),
          })
        : line.payType === "per_mile"
          ? t("lines.perMile", { rate: formatMoney(line.payRate), miles: formatNumber(line.miles ?? 0, 1) }) +
            (line.milesEstimated ? ` ${t("lines.estimated")}` : "")
          : t("lines.fixed");
    return line.fromDriverDefault ? `${rate} · ${t("lines.driverDefault")}` : rate;
  };
}

function LineRow({
  settlementId,
  line,
  onRemove,
  onAttach,
  removing,
}: {
  settlementId: string;
  line: SettlementLine;
  onRemove?: () => void;
  onAttach?: (file: File) => void;
  removing: boolean;
}) {
  const { t } = useTranslation("settlements");
  const computation = useComputation();
  const load = line.load;
  return (
    <li
      className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 py-2"
      data-testid={`line-${line.kind}`}
    >
      <span className="grid min-w-0">
        <span className="text-sm font-medium text-slate-900">
          {load
            ? `${load.loadNumber} · ${load.pickupCity}, ${load.pickupState} → ${load.deliveryCity}, ${load.deliveryState}`
            : t(`kinds.${line.kind}`)}
        </span>
        <span className="text-xs text-slate-600">
          {load
            ? [
                load.deliveredAt ? t("lines.delivered", { date: formatDate(load.deliveredAt) }) : null,
                computation(line),
              ]
                .filter(Boolean)
                .join(" · ")
            : [
                line.kind === "carried_over"
                  ? t("lines.carriedFrom", { number: line.description })
                  : line.description,
                line.kind === "carry_forward" ? t("lines.carryForward") : null,
                line.adjustsSettlement ? t("lines.adjusts", { number: line.adjustsSettlement.number }) : null,
                line.remainingAfter !== null
                  ? t("lines.remaining", { amount: formatMoney(line.remainingAfter) })
                  : null,
              ]
                .filter(Boolean)
                .join(" · ")}
        </span>
        {RECEIPT_KINDS.includes(line.kind) ? (
          <LineReceipt settlementId={settlementId} line={line} onAttach={onAttach} attaching={removing} />
        ) : null}
      </span>
      <span className="flex items-center gap-1">
        <span
          className={
            line.kind === "load" && !line.payType
              ? "font-semibold text-amber-700 tabular-nums"
              : "font-medium tabular-nums text-slate-900"
          }
        >
          {lineAmount(line)}
        </span>
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("lines.remove", { what: load?.loadNumber ?? t(`kinds.${line.kind}`) })}
            onClick={onRemove}
            disabled={removing}
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </span>
    </li>
  );
}

/** A draft's "add an addition or a deduction" form. */
function AddLineForm({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const change = useChangeSettlement(settlement.id);
  const empty = {
    section: "deduction",
    kind: "fuel_advance",
    description: "",
    amount: "",
    adjustsSettlementId: "",
  };
  const [values, setValues] = useState(empty);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const takesReceipt = RECEIPT_KINDS.includes(values.kind as never);
  const adjustable = useAdjustable(settlement.id, values.kind === "adjustment").data?.items ?? [];
  const kinds = values.section === "addition" ? ADDITION_KINDS : DEDUCTION_KINDS;
  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => {
      if (name !== "section") return { ...v, [name]: value };
      const list: readonly string[] = value === "addition" ? ADDITION_KINDS : DEDUCTION_KINDS;
      return { ...v, section: value, kind: list.includes(v.kind) ? v.kind : list[0] };
    });
    setErrors((x) => ({ ...x, [name]: undefined }));
  };
  // A deduction above what the settlement still pays: the server's figures, until confirmed or not.
  const [carry, setCarry] = useState<{ carriedForward: string; net: string } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(false);
  };
  const send = (allowCarryForward: boolean) => {
    const parsed = addLineSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error));
      return;
    }
    const before = new Set(settlement.lines.map((l) => l.id));
    const file = takesReceipt ? receipt : null;
    change.mutate(
      { kind: "addLine", line: { ...values, allowCarryForward } as never },
      {
        onSuccess: (updated) => {
          setCarry(null);
          setValues({ ...empty, section: values.section, kind: values.kind });
          setReceipt(null);
          const added = updated.lines.find((l) => !before.has(l.id));
          if (!file || !added) {
            notify({ title: t("addLine.done"), variant: "success" });
            return;
          }
          // The line stands; a refused receipt is said so and can be attached again on the line.
          change.mutate(
            { kind: "attachReceipt", lineId: added.id, file },
            {
              onSuccess: () => notify({ title: t("addLine.doneWithReceipt"), variant: "success" }),
              onError: (error) =>
                notify({
                  title: t("receipt.attachFailed"),
                  description: messages.error(error),
                  variant: "error",
                }),
            },
          );
        },
        onError: (error) => {
          if (isApiError(error, 409, "CARRY_FORWARD_UNCONFIRMED")) {
            const d = error.details as { carriedForward?: string; net?: string } | undefined;
            setCarry({ carriedForward: d?.carriedForward ?? "0", net: d?.net ?? "0" });
            return;
          }
          setCarry(null);
          if (isApiError(error, 400)) setErrors(error.fields);
          notify({ title: t("addLine.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );
  };
  const err = (name: string) => messages.field(errors[name]);
  return (
    <>
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-md border border-slate-200 p-3"
        data-testid="add-line-form"
      >
        <p className="text-sm font-semibold text-slate-900">{t("addLine.title")}</p>
        <div className="grid items-start gap-3 sm:grid-cols-3">
          <Field label={t("addLine.section")} error={err("section")}>
            <Select value={values.section} onChange={set("section")}>
              <option value="addition">{t("sections.addition")}</option>
              <option value="deduction">{t("sections.deduction")}</option>
            </Select>
          </Field>
          <Field label={t("addLine.kind")} error={err("kind")}>
            <Select value={values.kind} onChange={set("kind")} data-testid="add-line-kind">
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("addLine.amount")} error={err("amount")}>
            <Input inputMode="decimal" value={values.amount} onChange={set("amount")} aria-required />
          </Field>
        </div>
        <Field
          label={t("addLine.description")}
          error={err("description")}
          hint={takesReceipt ? t("addLine.receiptHint") : undefined}
        >
          <Input maxLength={200} value={values.description} onChange={set("description")} />
        </Field>
        {takesReceipt ? <ReceiptPicker file={receipt} onChange={setReceipt} /> : null}
        {values.kind === "adjustment" ? (
          <Field label={t("addLine.adjusts")} error={err("adjustsSettlementId")}>
            <Select value={values.adjustsSettlementId} onChange={set("adjustsSettlementId")}>
              <option value="">{t("addLine.adjustsNone")}</option>
              {adjustable.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.number} · {formatDate(a.periodEnd)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <div>
          <Button type="submit" size="sm" disabled={change.isPending} data-testid="add-line-submit">
            <Plus aria-hidden />
            {t("addLine.submit")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={!!carry}
        onOpenChange={(open) => !open && setCarry(null)}
        title={t("carry.title")}
        confirmLabel={t("carry.confirm", { amount: formatMoney(carry?.carriedForward ?? "0") })}
        pending={change.isPending}
        onConfirm={() => send(true)}
      >
        <div className="grid gap-2 text-sm text-slate-700" data-testid="carry-confirm">
          <p>
            {t("carry.text", {
              amount: formatMoney(values.amount || "0"),
              net: formatMoney(carry?.net ?? "0"),
            })}
          </p>
          <p className="font-medium text-slate-900">
            {t("carry.carried", { amount: formatMoney(carry?.carriedForward ?? "0") })}
          </p>
          <p>{t("carry.notGross")}</p>
        </div>
      </ConfirmDialog>
    </>
  );
}

/** Pick one of the driver's completed loads that no settlement holds. */
function AddLoad({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const [open, setOpen] = useState(false);
  const [loadId, setLoadId] = useState("");
  const loads = useUnsettledLoads(settlement.id, open);
  const change = useChangeSettlement(settlement.id);
  if (!open)
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="add-load">
        <Plus aria-hidden />
        {t("addLoad.open")}
      </Button>
    );
  const items = loads.data?.items ?? [];
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field label={t("addLoad.label")} className="flex-1">
        <Select value={loadId} onChange={(e) => setLoadId(e.target.value)} disabled={loads.isLoading}>
          <option value="">
            {loads.isLoading ? t("addLoad.loading") : items.length ? t("addLoad.choose") : t("addLoad.none")}
          </option>
          {items.map((l) => (
            <option key={l.id} value={l.id}>
              {l.loadNumber} · {l.pickupCity} → {l.deliveryCity}
              {l.deliveredAt ? ` · ${formatDate(l.deliveredAt)}` : ""}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        size="sm"
        disabled={!loadId || change.isPending}
        onClick={() =>
          change.mutate(
            { kind: "addLoad", loadId },
            {
              onSuccess: () => {
                setLoadId("");
                setOpen(false);
              },
              onError: (error) =>
                notify({ title: t("addLoad.failed"), description: messages.error(error), variant: "error" }),
            },
          )
        }
      >
        {t("addLoad.submit")}
      </Button>
    </div>
  );
}

function PayForm({ settlement, onDone }: { settlement: Settlement; onDone: () => void }) {
  const { t } = useTranslation(["settlements", "accounting"]);
  const messages = useSettlementMessages();
  const change = useChangeSettlement(settlement.id);
  const [values, setValues] = useState({ paidOn: localToday(), method: "ach", reference: "" });
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = paySettlementSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error));
      return;
    }
    change.mutate(
      { kind: "pay", payment: parsed.data },
      {
        onSuccess: () => {
          notify({ title: t("pay.done"), variant: "success" });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(error.fields);
          notify({ title: t("pay.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );
  };
  const err = (name: string) => messages.field(errors[name]);
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-md border border-brand-200 bg-brand-50/40 p-3"
      data-testid="pay-form"
    >
      <p className="text-sm font-semibold text-slate-900">
        {t("pay.title", { amount: formatMoney(settlement.net) })}
      </p>
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <Field label={t("pay.paidOn")} error={err("paidOn")}>
          <Input type="date" value={values.paidOn} onChange={set("paidOn")} aria-required />
        </Field>
        <Field label={t("pay.method")} error={err("method")}>
          <Select value={values.method} onChange={set("method")}>
            {LEDGER_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`accounting:methods.${m}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("pay.reference")} error={err("reference")}>
          <Input maxLength={80} value={values.reference} onChange={set("reference")} />
        </Field>
      </div>
      <p className="text-xs text-slate-600">{t("pay.ledgerNote")}</p>
      <div>
        <Button type="submit" size="sm" disabled={change.isPending} data-testid="pay-submit">
          <Wallet aria-hidden />
          {t("pay.submit")}
        </Button>
      </div>
    </form>
  );
}

function VoidForm({ settlement, onDone }: { settlement: Settlement; onDone: () => void }) {
  const { t } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const change = useChangeSettlement(settlement.id);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(messages.field("Give the reason."));
      return;
    }
    change.mutate(
      { kind: "void", reason },
      {
        onSuccess: () => {
          notify({ title: t("void.done"), variant: "success" });
          onDone();
        },
        onError: (err) =>
          notify({ title: t("void.failed"), description: messages.error(err), variant: "error" }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-md border border-red-200 bg-red-50/40 p-3">
      <Field label={t("void.reason")} error={error}>
        <Input
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <div>
        <Button type="submit" size="sm" variant="destructive" disabled={change.isPending}>
          <Ban aria-hidden />
          {t("void.submit")}
        </Button>
      </div>
    </form>
  );
}

/**
 * A draft's per-mile lines whose load has other miles now (an override, a recompute, a routing
 * engine's refinement after the line was computed): named with both figures, and Refresh — the
 * draft's own recompute — to take them. Approved and paid settlements never change (the server
 * says nothing for them).
 */
function MilesChanged({
  lines,
  pending,
  onRefresh,
}: {
  lines: SettlementLine[];
  pending: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation("settlements");
  const changed = lines.filter((l) => l.milesNow !== null && l.load);
  if (!changed.length) return null;
  return (
    <div
      className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      role="status"
      data-testid="miles-changed"
    >
      <div>
        <p className="font-medium">{t("milesChanged.title")}</p>
        <ul>
          {changed.map((l) => (
            <li key={l.id} className="tabular-nums">
              {t("milesChanged.load", {
                loadNumber: l.load?.loadNumber ?? "",
                was: formatNumber(l.miles ?? 0, 1),
                now: formatNumber(l.milesNow ?? 0, 1),
              })}
            </li>
          ))}
        </ul>
      </div>
      <Button
        variant="outline"
        className="justify-self-start bg-white"
        onClick={onRefresh}
        disabled={pending}
      >
        <RefreshCw aria-hidden />
        {t("milesChanged.refresh")}
      </Button>
    </div>
  );
}

/** One settlement: its loads with each pay computation, additions, deductions, totals and what to do next. */
export function SettlementDialog({
  id,
  onClose,
  mayApprove,
}: {
  id: string;
  onClose: () => void;
  mayApprove: boolean;
}) {
  const { t } = useTranslation(["settlements", "accounting"]);
  const messages = useSettlementMessages();
  const query = useSettlement(id);
  const change = useChangeSettlement(id);
  const [form, setForm] = useState<"pay" | "void" | null>(null);
  const s = query.data;
  const draft = s?.status === "draft";

  const act = (kind: "approve" | "refresh", done: string, failed: string) =>
    change.mutate(
      { kind },
      {
        onSuccess: () => notify({ title: done, variant: "success" }),
        onError: (error) => notify({ title: failed, description: messages.error(error), variant: "error" }),
      },
    );
  const remove = (line: SettlementLine) =>
    change.mutate(
      { kind: "removeLine", lineId: line.id },
      {
        onError: (error) =>
          notify({ title: t("lines.removeFailed"), description: messages.error(error), variant: "error" }),
      },
    );

  const attach = (line: SettlementLine, file: File) =>
    change.mutate(
      { kind: "attachReceipt", lineId: line.id, file },
      {
        onSuccess: () => notify({ title: t("receipt.attached"), variant: "success" }),
        onError: (error) =>
          notify({ title: t("receipt.attachFailed"), description: messages.error(error), variant: "error" }),
      },
    );

  const section = (name: "earning" | "addition" | "deduction") => {
    const lines = s?.lines.filter((l) => l.section === name) ?? [];
    if (!lines.length && name !== "earning") return null;
    return (
      <section aria-label={t(`sections.${name}`)} data-testid={`section-${name}`}>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {t(`sections.${name}`)}
        </h3>
        {lines.length ? (
          <ul className="divide-y divide-slate-100">
            {lines.map((l) => (
              <LineRow
                key={l.id}
                settlementId={id}
                line={l}
                removing={change.isPending}
                onRemove={draft && l.kind !== "carry_forward" ? () => remove(l) : undefined}
                onAttach={draft ? (file) => attach(l, file) : undefined}
              />
            ))}
          </ul>
        ) : (
          <p className="py-2 text-sm text-slate-600">{t("lines.noLoads")}</p>
        )}
      </section>
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={s ? t("dialog.title", { number: s.number, name: s.driver.fullName }) : t("dialog.loading")}
      description={s ? periodLabel({ start: s.periodStart, end: s.periodEnd }) : undefined}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      {!s ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : (
        <div className="grid gap-5" data-testid="settlement-dialog">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONES[s.status]} data-testid="settlement-status">
              {t(`statuses.${s.status}`)}
            </Badge>
            <span className="text-sm text-slate-600">{t(`workerTypes.${s.driver.workerType}`)}</span>
            {s.status === "paid" && s.paidOn ? (
              <span className="text-sm text-slate-600">
                {t("dialog.paid", {
                  date: formatDate(s.paidOn),
                  method: s.payMethod ? t(`accounting:methods.${s.payMethod}`) : "",
                  reference: s.payReference,
                })}
              </span>
            ) : null}
            {s.status === "void" && s.voidReason ? (
              <span className="text-sm text-red-700">{t("dialog.voided", { reason: s.voidReason })}</span>
            ) : null}
          </div>

          {section("earning")}
          {draft ? (
            <MilesChanged
              lines={s.lines}
              pending={change.isPending}
              onRefresh={() => act("refresh", t("refresh.done"), t("refresh.failed"))}
            />
          ) : null}
          {draft ? <AddLoad settlement={s} /> : null}
          {section("addition")}
          {section("deduction")}

          <dl
            className={cn(
              "grid grid-cols-2 gap-3 rounded-md bg-slate-50 p-3 text-sm",
              Number(s.carriedForward) > 0 ? "sm:grid-cols-3 md:grid-cols-6" : "sm:grid-cols-5",
            )}
            data-testid="settlement-figures"
          >
            {(
              [
                ["gross", s.gross],
                ["deductions", s.deductions],
                ["net", s.net],
                // What the next settlement deducts: shown only when there is some.
                ...(Number(s.carriedForward) > 0 ? ([["carriedForward", s.carriedForward]] as const) : []),
                ["escrow", s.escrowBalance],
                ["ytd", s.yearToDateGross],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="grid">
                <dt className="text-xs text-slate-500">{t(`figures.${key}`)}</dt>
                <dd
                  className={
                    key === "net" ? "text-lg font-semibold tabular-nums" : "font-medium tabular-nums"
                  }
                  data-testid={`figure-${key}`}
                >
                  {formatMoney(value)}
                </dd>
              </div>
            ))}
          </dl>

          {s.missingPay ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {t("dialog.missingPay", { count: s.missingPay })}
            </p>
          ) : null}

          {draft ? <AddLineForm settlement={s} /> : null}
          {form === "pay" ? <PayForm settlement={s} onDone={() => setForm(null)} /> : null}
          {form === "void" ? <VoidForm settlement={s} onDone={() => setForm(null)} /> : null}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <SettlementPdfButton id={s.id} number={s.number} />
            {draft ? (
              <Button
                variant="outline"
                onClick={() => act("refresh", t("refresh.done"), t("refresh.failed"))}
                disabled={change.isPending}
              >
                <RefreshCw aria-hidden />
                {t("refresh.action")}
              </Button>
            ) : null}
            {mayApprove && (s.status === "draft" || s.status === "approved") && form !== "void" ? (
              <Button variant="outline" onClick={() => setForm("void")} data-testid="void-open">
                <Ban aria-hidden />
                {t("void.open")}
              </Button>
            ) : null}
            {mayApprove && draft ? (
              <Button
                onClick={() => act("approve", t("approve.done"), t("approve.failed"))}
                disabled={change.isPending}
                data-testid="approve"
              >
                <CheckCircle2 aria-hidden />
                {t("approve.action")}
              </Button>
            ) : null}
            {mayApprove && s.status === "approved" && form !== "pay" ? (
              <Button onClick={() => setForm("pay")} data-testid="pay-open">
                <Wallet aria-hidden />
                {t("pay.open")}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </Dialog>
  );
}
