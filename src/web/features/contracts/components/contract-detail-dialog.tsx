import type { Contract, SentContract } from "@shared/contracts/contracts.schema";
import { Copy, Download, FileSignature, Paperclip, Pencil, RefreshCw, Send, Undo2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { formatDate, formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import {
  downloadAttachment,
  downloadSignedPdf,
  useContract,
  useRenewContract,
  useSendContract,
  useWithdrawContract,
} from "../api/contracts";
import { useContractMessages } from "../contracts-messages";
import { ContractStatusBadge } from "./contract-status-badge";
import { RichText } from "./rich-text";

/**
 * One contract: its fields, content and attachment, the signing trail (created, sent, opened, signed —
 * with time, address and browser), and what can be done next: send or re-send the link (shown once,
 * to copy), withdraw it, edit the draft, download the signed PDF, renew a signed or expired one.
 */
export function ContractDetailDialog({
  contractId,
  open,
  onOpenChange,
  onEdit,
  onOpen,
}: {
  contractId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit: (c: Contract) => void;
  /** Shows another contract here (a renewal and the contract it renews). */
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation("contracts");
  const messages = useContractMessages();
  const detail = useContract(open ? contractId : null);
  const send = useSendContract();
  const withdraw = useWithdrawContract();
  const [sent, setSent] = useState<SentContract | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [renewing, setRenewing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another contract shown here starts clean
  useEffect(() => {
    if (open) {
      setSent(null);
      setRenewing(false);
    }
  }, [open, contractId]);
  const c = detail.data;

  const fail = (title: string) => (error: unknown) =>
    notify({ title, description: messages.error(error), variant: "error" });
  const doSend = () =>
    c &&
    send.mutate(c.id, {
      onSuccess: (result) => {
        setSent(result);
        notify({
          title: t("detail.sentTitle"),
          description:
            result.mail === "failed"
              ? t("detail.mailFailed")
              : t("detail.sentText", { email: c.signerEmail, date: formatDate(result.expiresAt) }),
          variant: result.mail === "failed" ? "error" : "success",
        });
      },
      onError: fail(t("detail.sendFailed")),
    });
  const download = (fn: () => Promise<void>) => () => void fn().catch(fail(t("detail.downloadFailed")));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={c?.title ?? t("detail.title")}
      description={c ? t(`types.${c.type}`) : undefined}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      {detail.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner label={t("common:loading")} />
        </div>
      ) : detail.isError || !c ? (
        <Alert tone="danger">
          <p className="font-medium">{t("detail.failed")}</p>
          <p>{messages.error(detail.error)}</p>
        </Alert>
      ) : (
        <div className="grid gap-5" data-testid="contract-detail">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">{t("fields.status")}</dt>
              <dd className="mt-0.5">
                <ContractStatusBadge status={c.status} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-500">{t("fields.signer")}</dt>
              <dd className="mt-0.5 break-words">
                {c.signerName}
                <span className="block text-xs break-all text-slate-500">{c.signerEmail}</span>
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("fields.driver")}</dt>
              <dd className="mt-0.5">
                {c.driver ? c.driver.name : "—"}
                {c.driver ? (
                  <span className="block text-xs text-slate-500">
                    {c.driver.hasAccount ? t("detail.hasAccount") : t("detail.noAccount")}
                  </span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("fields.expiresOn")}</dt>
              <dd className="mt-0.5">{c.expiresOn ? formatDate(c.expiresOn) : t("detail.noExpiry")}</dd>
            </div>
          </dl>

          {c.status === "expired" ? <Alert tone="warning">{t("detail.expiredNote")}</Alert> : null}

          {sent ? (
            <Alert>
              <p className="font-medium">{t("detail.linkTitle")}</p>
              <p>{t("detail.linkText", { date: formatDateTime(sent.expiresAt) })}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <code
                  className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 text-xs"
                  data-testid="signing-link"
                >
                  {sent.url}
                </code>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(sent.url)
                      .then(() => notify({ title: t("detail.copied"), variant: "success" }))
                  }
                >
                  <Copy aria-hidden />
                  {t("detail.copy")}
                </Button>
              </div>
            </Alert>
          ) : c.status === "sent" && c.linkExpiresAt ? (
            <p className="text-sm text-slate-600">
              {t("detail.waiting", { date: formatDateTime(c.linkExpiresAt) })}
            </p>
          ) : null}

          <div className="flex flex-wrap gap-2">
            {c.status === "draft" ? (
              <Button type="button" variant="outline" onClick={() => onEdit(c)} data-testid="edit-contract">
                <Pencil aria-hidden />
                {t("actions.edit")}
              </Button>
            ) : null}
            {c.status === "draft" || c.status === "sent" ? (
              <Button type="button" onClick={doSend} disabled={send.isPending} data-testid="send-contract">
                {send.isPending ? <Spinner className="text-current" /> : <Send aria-hidden />}
                {c.status === "sent" ? t("actions.resend") : t("actions.send")}
              </Button>
            ) : null}
            {c.status === "sent" ? (
              <Button type="button" variant="outline" onClick={() => setConfirmWithdraw(true)}>
                <Undo2 aria-hidden />
                {t("actions.withdraw")}
              </Button>
            ) : null}
            {c.hasSignedPdf ? (
              <Button
                type="button"
                onClick={download(() => downloadSignedPdf(c))}
                data-testid="download-signed"
              >
                <Download aria-hidden />
                {t("actions.signedPdf")}
              </Button>
            ) : null}
            {c.attachment ? (
              <Button type="button" variant="outline" onClick={download(() => downloadAttachment(c))}>
                <Paperclip aria-hidden />
                {c.attachment.fileName}
              </Button>
            ) : null}
            {(c.status === "signed" || c.status === "expired") && !renewing ? (
              <Button
                type="button"
                variant={c.status === "expired" ? "default" : "outline"}
                onClick={() => setRenewing(true)}
                data-testid="renew-contract"
              >
                <RefreshCw aria-hidden />
                {t("actions.renew")}
              </Button>
            ) : null}
          </div>

          {renewing ? (
            <RenewForm
              contract={c}
              onCancel={() => setRenewing(false)}
              onRenewed={(renewal) => {
                setRenewing(false);
                onOpen(renewal.id);
              }}
            />
          ) : null}

          {c.signedAt ? (
            <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
              <FileSignature className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
              <div className="min-w-0">
                <p className="font-medium text-emerald-900">
                  {t("detail.signedBy", { name: c.signedName, date: formatDateTime(c.signedAt) })}
                </p>
                <p className="mt-0.5 text-xs break-all text-emerald-800">
                  {t("detail.hash")}: <code>{c.contentSha256}</code>
                </p>
              </div>
            </div>
          ) : null}

          <section aria-labelledby="contract-content-heading">
            <h3 id="contract-content-heading" className="text-sm font-semibold text-slate-900">
              {t("fields.content")}
            </h3>
            <div className="mt-2 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-2">
              <RichText source={c.content} />
            </div>
          </section>

          <section aria-labelledby="contract-trail-heading">
            <h3 id="contract-trail-heading" className="text-sm font-semibold text-slate-900">
              {t("detail.trail")}
            </h3>
            <ol className="mt-2 grid gap-2 text-sm" data-testid="contract-trail">
              {c.events.map((e) => (
                <li key={`${e.kind}:${e.at}`} className="grid gap-0.5 border-l-2 border-slate-200 pl-3">
                  <span className="font-medium text-slate-900">
                    {e.kind === "created" && e.related ? t("detail.renewalOf") : t(`events.${e.kind}`)}
                    {e.actorName ? (
                      <span className="font-normal text-slate-600"> · {e.actorName}</span>
                    ) : null}
                  </span>
                  <span className="text-xs break-all text-slate-500">
                    {[formatDateTime(e.at), e.ip, e.userAgent].filter(Boolean).join(" · ")}
                  </span>
                  {e.related ? (
                    <button
                      type="button"
                      onClick={() => e.related && onOpen(e.related.id)}
                      className="min-h-11 justify-self-start text-left text-sm font-medium text-brand-700 hover:underline lg:min-h-0"
                      data-testid="open-related-contract"
                    >
                      {e.kind === "renewed" ? t("detail.openRenewal") : t("detail.openEarlier")}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
      <ConfirmDialog
        open={confirmWithdraw}
        onOpenChange={setConfirmWithdraw}
        title={t("withdraw.title")}
        description={t("withdraw.text")}
        confirmLabel={t("actions.withdraw")}
        destructive
        pending={withdraw.isPending}
        onConfirm={() =>
          c &&
          withdraw.mutate(c.id, {
            onSuccess: () => {
              setConfirmWithdraw(false);
              setSent(null);
              notify({ title: t("withdraw.done"), variant: "success" });
            },
            onError: fail(t("withdraw.failed")),
          })
        }
      />
    </Dialog>
  );
}

/** New dates for a renewal: the same contract as a new draft (the server refuses a past expiry). */
function RenewForm({
  contract,
  onCancel,
  onRenewed,
}: {
  contract: Contract;
  onCancel: () => void;
  onRenewed: (renewal: Contract) => void;
}) {
  const { t } = useTranslation("contracts");
  const messages = useContractMessages();
  const renew = useRenewContract();
  const [startsOn, setStartsOn] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    renew.mutate(
      { id: contract.id, dates: { startsOn, expiresOn } },
      {
        onSuccess: (renewal) => {
          notify({
            title: t("renew.done"),
            description: t("renew.doneText", { title: renewal.title }),
            variant: "success",
          });
          onRenewed(renewal);
        },
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(error.fields);
          notify({ title: t("renew.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
      data-testid="renew-form"
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("renew.title")}</h3>
        <p className="mt-0.5 text-sm text-slate-600">{t("renew.text")}</p>
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <Field label={t("fields.startsOn")} error={messages.field(errors.startsOn)}>
          <Input type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        </Field>
        <Field label={t("fields.expiresOn")} error={messages.field(errors.expiresOn)}>
          <Input type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} aria-required />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={renew.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={renew.isPending} data-testid="submit-renewal">
          {renew.isPending ? <Spinner className="text-current" /> : <RefreshCw aria-hidden />}
          {t("renew.submit")}
        </Button>
      </div>
    </form>
  );
}
