import {
  ISSUE_REASON_MAX,
  type IssueAction,
  type IssuePreviewItem,
  issueTaxFormsSchema,
} from "@shared/tax-forms/tax-forms.schema";
import { AlertTriangle, Mail, Printer } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { formatDate, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useIssuePreview, useSendTaxForms } from "../api/tax-forms";
import { useTaxFormMessages } from "../tax-forms-messages";

/**
 * The confirmation before any 1099-NEC leaves the company: the server's preview of what this action
 * would send — each recipient with box 1, where Copy B goes (the address masked) — and who is left
 * out and why. A year not over yet needs "Issue early" and a reason (the server refuses without).
 * Issuing and correcting are separate actions, each through this dialog.
 */
export function IssueFormsDialog({
  year,
  action,
  onClose,
}: {
  year: number;
  action: IssueAction;
  onClose: () => void;
}) {
  const { t } = useTranslation("tax-forms");
  const messages = useTaxFormMessages();
  const preview = useIssuePreview(year, action);
  const send = useSendTaxForms(action);
  const [early, setEarly] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const data = preview.data;
  const included = data?.items.filter((i) => !i.skipped) ?? [];
  const skipped = data?.items.filter((i) => i.skipped) ?? [];

  const confirm = () => {
    const body = { year, early: !!data?.early && early, reason: data?.early ? reason : "" };
    const parsed = issueTaxFormsSchema.safeParse(body);
    if (!parsed.success) {
      setReasonError(messages.field(parsed.error.issues[0]?.message));
      return;
    }
    send.mutate(body, {
      onSuccess: (r) => {
        notify({
          title: t(action === "issue" ? "issue.done" : "issue.correctDone"),
          description: t("issue.summary", r),
          variant: "success",
        });
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 400)) setReasonError(messages.field(error.fields.reason));
        notify({
          title: t(action === "issue" ? "issue.failed" : "issue.correctFailed"),
          description: messages.error(error),
          variant: "error",
        });
      },
    });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(action === "issue" ? "issue.title" : "issue.correctTitle", { year })}
      confirmLabel={t(action === "issue" ? "issue.confirm" : "issue.correctConfirm", {
        count: included.length,
      })}
      pending={send.isPending}
      confirmDisabled={!data || !included.length || (data.early && !early) || !!data.payerBlockers.length}
      onConfirm={confirm}
      className="max-w-2xl"
    >
      <div className="grid gap-4 text-sm" data-testid="issue-preview">
        {preview.isLoading ? (
          <p className="flex items-center gap-2 text-slate-600">
            <Spinner />
            {t("issue.loading")}
          </p>
        ) : preview.isError || !data ? (
          <Alert tone="danger">
            <span className="flex flex-wrap items-center justify-between gap-2">
              {t("issue.previewFailed")}
              <Button variant="outline" size="sm" onClick={() => preview.refetch()}>
                {t("common:actions.retry")}
              </Button>
            </span>
          </Alert>
        ) : (
          <>
            <p className="font-medium text-slate-900" data-testid="issue-summary">
              {included.length
                ? t(action === "issue" ? "issue.willIssue" : "issue.willCorrect", {
                    count: included.length,
                    emailed: data.emailed,
                    mailed: included.length - data.emailed,
                  })
                : t(action === "issue" ? "issue.nothingNew" : "issue.nothingChanged")}
            </p>
            {included.length ? (
              <ul
                className="divide-y divide-slate-100 rounded-md border border-slate-200"
                aria-label={t("issue.includedTitle")}
                data-testid="issue-included"
              >
                {included.map((item) => (
                  <IncludedRow key={item.driverId} item={item} />
                ))}
              </ul>
            ) : null}
            {skipped.length ? (
              <details className="rounded-md border border-slate-200 p-3" data-testid="issue-skipped">
                <summary className="cursor-pointer font-medium text-slate-900">
                  {t("issue.skippedTitle", { count: skipped.length })}
                </summary>
                <ul className="mt-2 grid gap-1 text-slate-700">
                  {skipped.map((item) => (
                    <li key={item.driverId} className="flex flex-wrap justify-between gap-x-3">
                      <span>{item.driverName}</span>
                      <span className="text-slate-500">
                        {item.skipped === "blocked" && item.blockers.length
                          ? item.blockers.map((b) => t(`blockers.${b}`)).join(" · ")
                          : t(`issue.skip.${item.skipped}`)}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {data.early && included.length ? (
              <div
                className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
                data-testid="issue-early"
              >
                <p className="flex items-start gap-2">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>
                    {t("issue.earlyText", { year: data.taxYear, date: formatDate(data.yearOverOn) })}
                  </span>
                </p>
                <label className="flex min-h-11 items-center gap-2 font-medium">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={early}
                    onChange={(e) => {
                      setEarly(e.target.checked);
                      setReasonError(undefined);
                    }}
                    data-testid="issue-early-check"
                  />
                  {t("issue.earlyCheck")}
                </label>
                {early ? (
                  <Field label={t("issue.earlyReason")} error={reasonError} required>
                    <Textarea
                      rows={2}
                      maxLength={ISSUE_REASON_MAX}
                      value={reason}
                      onChange={(e) => {
                        setReason(e.target.value);
                        setReasonError(undefined);
                      }}
                    />
                  </Field>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </div>
    </ConfirmDialog>
  );
}

function IncludedRow({ item }: { item: IssuePreviewItem }) {
  const { t } = useTranslation("tax-forms");
  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2" data-testid="issue-item">
      <span className="font-medium text-slate-900">{item.driverName}</span>
      <span className="text-right font-semibold tabular-nums text-slate-900">{formatMoney(item.box1)}</span>
      <span className="flex items-center gap-1.5 text-xs text-slate-600">
        {item.emailTo ? (
          <>
            <Mail className="size-3.5 shrink-0" aria-hidden />
            {t("issue.emailTo", { email: item.emailTo })}
          </>
        ) : (
          <>
            <Printer className="size-3.5 shrink-0" aria-hidden />
            {t("issue.byMail")}
          </>
        )}
      </span>
      <span className="text-right font-mono text-xs text-slate-500">{item.tin ?? "—"}</span>
    </li>
  );
}
