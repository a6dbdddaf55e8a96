import type { InvoiceDetail } from "@shared/invoices/invoices.schema";
import { Ban, CheckCheck, Download, FileText, HandCoins, Mail, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { lazyDialog } from "../../../components/ui/lazy";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { formatDateTime, formatDay, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { downloadInvoicePdf, useInvoice, useMarkSent, useRemovePayment } from "../api/invoices";
import { useBillingMessages } from "../billing-messages";
import { InvoiceStatusBadge } from "./invoice-status-badge";

const RecordPaymentDialog = lazyDialog(() =>
  import("./invoice-action-dialogs").then((m) => m.RecordPaymentDialog),
);
const SendInvoiceDialog = lazyDialog(() =>
  import("./invoice-action-dialogs").then((m) => m.SendInvoiceDialog),
);
const VoidInvoiceDialog = lazyDialog(() =>
  import("./invoice-action-dialogs").then((m) => m.VoidInvoiceDialog),
);
const InvoiceFormDialog = lazyDialog(() => import("./invoice-form-dialog").then((m) => m.InvoiceFormDialog));

type Action = "send" | "payment" | "void" | "edit" | "markSent" | null;

/** One invoice, opened from the list (`?invoice=<id>`): everything on it and what can be done next. */
export function InvoiceDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation("invoices");
  const query = useInvoice(id);
  const messages = useBillingMessages();
  const invoice = query.data;
  return (
    <Dialog
      open={!!id}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={invoice ? t("detail.title", { number: invoice.invoiceNumber }) : t("detail.loadingTitle")}
      closeLabel={t("common:actions.close")}
      className="max-w-4xl"
    >
      {query.isError ? (
        <Alert tone="danger">{messages.error(query.error)}</Alert>
      ) : !invoice ? (
        <Spinner label={t("common:loading")} className="py-10" />
      ) : (
        <InvoiceView invoice={invoice} />
      )}
    </Dialog>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const [action, setAction] = useState<Action>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const markSent = useMarkSent(invoice.id);
  const removePayment = useRemovePayment(invoice.id);
  const partlyPaid = Number(invoice.amountPaid) > 0;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice.id, invoice.invoiceNumber);
    } catch (error) {
      notify({ title: t("detail.pdfFailed"), description: messages.error(error), variant: "error" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-5" data-testid="invoice-detail">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-lg font-semibold text-slate-900" data-testid="invoice-number">
              {invoice.invoiceNumber}
            </span>
            <InvoiceStatusBadge status={invoice.status} partlyPaid={partlyPaid} />
          </div>
          <p className="text-sm text-slate-600">{invoice.customerName}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          <Button
            variant="outline"
            onClick={() => void download()}
            disabled={downloading}
            data-testid="download-pdf"
          >
            {downloading ? <Spinner className="text-current" /> : <Download aria-hidden />}
            {t("detail.pdf")}
          </Button>
          {invoice.actions.send ? (
            <Button onClick={() => setAction("send")} data-testid="send-invoice">
              <Mail aria-hidden />
              {t(invoice.storedStatus === "draft" ? "detail.send" : "detail.resend")}
            </Button>
          ) : null}
          {invoice.actions.recordPayment ? (
            <Button onClick={() => setAction("payment")} data-testid="record-payment">
              <HandCoins aria-hidden />
              {t("detail.recordPayment")}
            </Button>
          ) : null}
          {invoice.actions.markSent ? (
            <Button variant="outline" onClick={() => setAction("markSent")} data-testid="mark-sent">
              <CheckCheck aria-hidden />
              {t("detail.markSent")}
            </Button>
          ) : null}
          {invoice.actions.edit ? (
            <Button variant="outline" onClick={() => setAction("edit")} data-testid="edit-invoice">
              <Pencil aria-hidden />
              {t("common:actions.edit")}
            </Button>
          ) : null}
          {invoice.actions.void ? (
            <Button
              variant="outline"
              className="border-red-200 text-red-700 hover:bg-red-50"
              onClick={() => setAction("void")}
              data-testid="void-invoice"
            >
              <Ban aria-hidden />
              {t("detail.void")}
            </Button>
          ) : null}
        </div>
      </div>

      {invoice.status === "void" ? (
        <Alert tone="warning">
          {t("detail.voided", { date: formatDateTime(invoice.voidedAt), reason: invoice.voidReason ?? "" })}
        </Alert>
      ) : invoice.status === "overdue" ? (
        <Alert tone="danger">{t("detail.overdue", { count: invoice.daysOverdue })}</Alert>
      ) : null}

      <dl className="grid gap-4 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-3">
        <Info label={t("detail.billTo")}>
          <span className="font-medium text-slate-900">{invoice.billTo.companyName}</span>
          {invoice.billTo.name !== invoice.billTo.companyName ? <span>{invoice.billTo.name}</span> : null}
          {invoice.billTo.address ? <span className="text-slate-600">{invoice.billTo.address}</span> : null}
          {invoice.billTo.email ? <span className="text-slate-600">{invoice.billTo.email}</span> : null}
        </Info>
        <Info label={t("detail.dates")}>
          <span>{t("detail.issued", { date: formatDay(invoice.issueDate) })}</span>
          <span>
            {t("detail.due", { date: formatDay(invoice.dueDate) })} ·{" "}
            {invoice.paymentTermsDays === 0
              ? t("detail.onReceipt")
              : t("detail.net", { count: invoice.paymentTermsDays })}
          </span>
          {invoice.sentAt ? (
            <span className="text-slate-600">
              {t("detail.sentAt", { date: formatDateTime(invoice.sentAt), to: invoice.sentTo ?? "—" })}
            </span>
          ) : null}
          {invoice.paidAt ? (
            <span className="text-slate-600">
              {t("detail.paidAt", { date: formatDateTime(invoice.paidAt) })}
            </span>
          ) : null}
        </Info>
        <Info label={t("detail.amounts")}>
          <Amount label={t("fields.total")} value={invoice.total} />
          <Amount label={t("fields.paid")} value={invoice.amountPaid} />
          <Amount label={t("fields.balance")} value={invoice.balance} strong testId="invoice-balance" />
        </Info>
      </dl>

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("detail.lines")}</h3>
        <Table aria-label={t("detail.lines")}>
          <THead>
            <tr>
              <Th>{t("fields.load")}</Th>
              <Th>{t("fields.description")}</Th>
              <Th className="text-right">{t("fields.amount")}</Th>
            </tr>
          </THead>
          <TBody>
            {invoice.lines.map((line) => (
              <Tr key={line.id}>
                <Td className="whitespace-nowrap font-mono text-xs">{line.loadNumber ?? "—"}</Td>
                <Td>
                  <span className="font-medium text-slate-800">{t(`lineKinds.${line.kind}`)}</span>
                  {line.kind === "line_haul" ? (
                    <span className="block text-xs text-slate-500">
                      {line.description.replace(/^[^:]*:\s*/, "")}
                    </span>
                  ) : null}
                </Td>
                <Td className="text-right tabular-nums">{formatMoney(line.amount)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </section>

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("detail.documents")}</h3>
        <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
          {invoice.loads.map((load) => (
            <li
              key={load.id}
              className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2"
            >
              <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
              <span className="font-mono text-xs font-semibold">{load.loadNumber}</span>
              <span className="text-xs text-slate-600">
                {t("detail.documentCounts", {
                  rc: load.rateConfirmations,
                  bol: load.billsOfLading,
                  pod: load.proofsOfDelivery,
                })}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">{t("detail.documentsHint")}</p>
      </section>

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("detail.payments")}</h3>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-slate-500">{t("detail.noPayments")}</p>
        ) : (
          <Table aria-label={t("detail.payments")}>
            <THead>
              <tr>
                <Th>{t("fields.paidOn")}</Th>
                <Th>{t("fields.method")}</Th>
                <Th>{t("fields.reference")}</Th>
                <Th className="text-right">{t("fields.amount")}</Th>
                <Th className="w-10">
                  <span className="sr-only">{t("detail.paymentActions")}</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {invoice.payments.map((p) => (
                <Tr key={p.id}>
                  <Td className="whitespace-nowrap">{formatDay(p.paidOn)}</Td>
                  <Td>{t(`methods.${p.method}`)}</Td>
                  <Td>
                    {p.reference || "—"}
                    {p.note ? <span className="block text-xs text-slate-500">{p.note}</span> : null}
                  </Td>
                  <Td className="text-right tabular-nums">{formatMoney(p.amount)}</Td>
                  <Td>
                    {invoice.storedStatus !== "void" ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 text-slate-500 hover:text-red-700"
                        aria-label={t("detail.removePayment", { amount: formatMoney(p.amount) })}
                        onClick={() => setRemoving(p.id)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    ) : null}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>

      {invoice.notes ? (
        <section className="grid gap-1">
          <h3 className="text-sm font-semibold text-slate-900">{t("fields.notes")}</h3>
          <p className="whitespace-pre-line text-sm text-slate-700">{invoice.notes}</p>
        </section>
      ) : null}
      <p className="text-xs text-slate-500">
        {t("detail.created", { date: formatDateTime(invoice.createdAt), name: invoice.createdByName ?? "—" })}
      </p>

      <SendInvoiceDialog
        invoice={invoice}
        open={action === "send"}
        onOpenChange={(o) => setAction(o ? "send" : null)}
      />
      <RecordPaymentDialog
        invoice={invoice}
        open={action === "payment"}
        onOpenChange={(o) => setAction(o ? "payment" : null)}
      />
      <VoidInvoiceDialog
        invoice={invoice}
        open={action === "void"}
        onOpenChange={(o) => setAction(o ? "void" : null)}
      />
      <InvoiceFormDialog
        invoice={invoice}
        open={action === "edit"}
        onOpenChange={(o) => setAction(o ? "edit" : null)}
        onSaved={() => undefined}
      />
      <ConfirmDialog
        open={action === "markSent"}
        onOpenChange={(o) => setAction(o ? "markSent" : null)}
        title={t("markSent.title", { number: invoice.invoiceNumber })}
        description={t("markSent.description")}
        confirmLabel={t("detail.markSent")}
        pending={markSent.isPending}
        onConfirm={() =>
          markSent.mutate(undefined, {
            onSuccess: () => {
              notify({ title: t("markSent.done", { number: invoice.invoiceNumber }), variant: "success" });
              setAction(null);
            },
            onError: (error) =>
              notify({ title: t("markSent.failed"), description: messages.error(error), variant: "error" }),
          })
        }
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => {
          if (!o) setRemoving(null);
        }}
        title={t("removePayment.title")}
        description={t("removePayment.description")}
        confirmLabel={t("removePayment.confirm")}
        destructive
        pending={removePayment.isPending}
        onConfirm={() =>
          removing &&
          removePayment.mutate(removing, {
            onSuccess: () => {
              notify({ title: t("removePayment.done"), variant: "success" });
              setRemoving(null);
            },
            onError: (error) =>
              notify({
                title: t("removePayment.failed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="grid gap-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

function Amount({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <span className="flex items-center justify-between gap-4">
      <span className="text-slate-600">{label}</span>
      <span
        className={strong ? "font-semibold tabular-nums text-slate-900" : "tabular-nums"}
        data-testid={testId}
      >
        {formatMoney(value)}
      </span>
    </span>
  );
}
