import {
  CITATION_FILE_ACCEPT,
  CITATION_FILE_MAX_BYTES,
  type CitationDetail,
  type CitationStatus,
  DISPUTE_REASON_REQUIRED,
} from "@shared/citations/citations.schema";
import {
  ArrowRight,
  Download,
  FileImage,
  FileText,
  Flag,
  Pencil,
  RefreshCcw,
  Trash2,
  Upload,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney } from "../../../lib/format";
import { formatBytes, formatDay } from "../../../lib/format-day";
import { notify } from "../../../lib/toast";
import {
  citationFileUrl,
  useChangeCitationStatus,
  useCitation,
  useDeleteCitationFile,
  useDisputeCitation,
  useUploadCitationFile,
} from "../api/citations";
import { MB, useSafetyMessages } from "../safety-messages";
import { CitationStatusBadge, OverdueBadge } from "./citation-status-badge";

/**
 * One citation: its details, the ticket, the history of its status and what the viewer may do —
 * staff change the status, edit and manage the file; the driver disputes their own open citation.
 */
export function CitationDetailDialog({
  id,
  onOpenChange,
  staff,
  onEdit,
}: {
  id: string | null;
  onOpenChange: (open: boolean) => void;
  staff: boolean;
  onEdit: (citation: CitationDetail) => void;
}) {
  const { t } = useTranslation(["citations", "safety"]);
  const citation = useCitation(id);
  const messages = useSafetyMessages();
  const data = citation.data;
  return (
    <Dialog
      open={!!id}
      onOpenChange={onOpenChange}
      title={data ? data.violation : t("detail.title")}
      description={
        data
          ? [data.citationNumber && t("detail.number", { number: data.citationNumber }), data.driverName]
              .filter(Boolean)
              .join(" · ")
          : undefined
      }
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      {citation.isError ? (
        <Alert tone="danger">{messages.error(citation.error)}</Alert>
      ) : !data ? (
        <Spinner label={t("common:loading")} className="py-8" />
      ) : (
        <CitationView citation={data} staff={staff} onEdit={() => onEdit(data)} />
      )}
    </Dialog>
  );
}

function CitationView({
  citation,
  staff,
  onEdit,
}: {
  citation: CitationDetail;
  staff: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation(["citations", "safety"]);
  return (
    <div className="grid gap-5" data-testid="citation-detail">
      <div className="flex flex-wrap items-center gap-2">
        <CitationStatusBadge status={citation.status} className="px-2.5 py-1 text-sm" />
        {citation.overdue ? <OverdueBadge className="px-2.5 py-1 text-sm" /> : null}
        {staff ? (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            onClick={onEdit}
            data-testid="edit-citation"
          >
            <Pencil aria-hidden />
            {t("common:actions.edit")}
          </Button>
        ) : null}
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Fact label={t("fields.driver")}>{citation.driverName}</Fact>
        <Fact label={t("fields.issuedOn")}>{formatDay(citation.issuedOn)}</Fact>
        <Fact label={t("fields.dueOn")}>
          <span className={cn(citation.overdue && "font-semibold text-red-700")}>
            {formatDay(citation.dueOn)}
          </span>
        </Fact>
        <Fact label={t("fields.place")}>
          {citation.city}, {citation.state}
        </Fact>
        <Fact label={t("fields.fineAmount")}>
          <span className="font-semibold tabular-nums">{formatMoney(citation.fineAmount)}</span>
        </Fact>
        {citation.citationNumber ? (
          <Fact label={t("fields.citationNumber")}>
            <span className="font-mono">{citation.citationNumber}</span>
          </Fact>
        ) : null}
      </dl>

      {citation.disputeReason ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-medium">
            {t("detail.disputeReason")}
            {citation.disputedAt ? (
              <span className="font-normal text-amber-800"> · {formatDateTime(citation.disputedAt)}</span>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-wrap" data-testid="dispute-reason">
            {citation.disputeReason}
          </p>
        </div>
      ) : null}

      {citation.notes ? (
        <Section title={t("fields.notes")}>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{citation.notes}</p>
        </Section>
      ) : null}

      <Section title={t("fields.file")}>
        <CitationFile citation={citation} staff={staff} />
      </Section>

      {staff && citation.allowedStatuses.length > 0 ? <StatusChange citation={citation} /> : null}
      {citation.canDispute ? <DisputeForm citation={citation} /> : null}

      <Section title={t("detail.history")}>
        <History events={citation.events} />
      </Section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function CitationFile({ citation, staff }: { citation: CitationDetail; staff: boolean }) {
  const { t } = useTranslation(["citations", "safety"]);
  const messages = useSafetyMessages();
  const upload = useUploadCitationFile();
  const remove = useDeleteCitationFile(citation.id);
  const [confirming, setConfirming] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const file = citation.file;

  const onPick = async (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = "";
    if (!picked) return;
    if (picked.size > CITATION_FILE_MAX_BYTES) {
      notify({
        title: t("file.uploadFailed"),
        description: t("safety:errors.fileTooLarge", { max: MB(CITATION_FILE_MAX_BYTES) }),
        variant: "error",
      });
      return;
    }
    try {
      await upload.mutateAsync({ id: citation.id, file: picked });
      notify({ title: t("file.uploaded"), description: picked.name, variant: "success" });
    } catch (error) {
      notify({ title: t("file.uploadFailed"), description: messages.error(error), variant: "error" });
    }
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify({ title: t("file.removed"), variant: "success" });
      },
      onError: (error) =>
        notify({ title: t("file.removeFailed"), description: messages.error(error), variant: "error" }),
    });

  const Icon = file?.contentType.startsWith("image/") ? FileImage : FileText;
  return (
    <div className="grid gap-2">
      {file ? (
        <div
          className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5"
          data-testid="citation-file"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-500">
            <Icon className="size-4" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{file.fileName}</p>
            <p className="text-xs text-slate-500">
              {formatBytes(file.size)} ·{" "}
              <time dateTime={file.uploadedAt}>{formatDateTime(file.uploadedAt)}</time>
            </p>
          </div>
          <Button asChild variant="ghost" size="icon" className="size-10">
            <a
              href={citationFileUrl(citation.id)}
              download={file.fileName}
              aria-label={t("file.download", { name: file.fileName })}
            >
              <Download aria-hidden />
            </a>
          </Button>
          {staff ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-10 text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={() => setConfirming(true)}
              aria-label={t("file.remove", { name: file.fileName })}
            >
              <Trash2 aria-hidden />
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-4 text-center text-sm text-slate-500">
          {t("file.none")}
        </p>
      )}
      {confirming && file ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="flex-1">{t("file.removeConfirm", { name: file.fileName })}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(false)}
            disabled={remove.isPending}
          >
            {t("common:actions.cancel")}
          </Button>
          <Button variant="destructive" size="sm" onClick={onRemove} disabled={remove.isPending}>
            {remove.isPending ? <Spinner className="text-current" /> : null}
            {t("common:actions.delete")}
          </Button>
        </div>
      ) : null}
      {staff ? (
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={inputRef}
            type="file"
            accept={CITATION_FILE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => void onPick(e.target.files?.[0])}
            data-testid="citation-detail-file-input"
          />
          <Button
            variant="outline"
            size="sm"
            onClick={() => inputRef.current?.click()}
            disabled={upload.isPending}
          >
            {upload.isPending ? <Spinner className="text-current" /> : <Upload aria-hidden />}
            {file ? t("file.replace") : t("file.attach")}
          </Button>
          <span className="text-xs text-slate-500">
            {t("file.hint", { max: MB(CITATION_FILE_MAX_BYTES) })}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** Staff move the citation to one of the statuses the server allows from here. */
function StatusChange({ citation }: { citation: CitationDetail }) {
  const { t } = useTranslation(["citations", "safety"]);
  const messages = useSafetyMessages();
  const change = useChangeCitationStatus(citation.id);
  const [status, setStatus] = useState<CitationStatus | "">("");
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const name = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status starts the choice afresh
  useEffect(() => {
    setStatus("");
    setNote("");
    setNoteError(undefined);
  }, [citation.status]);

  const submit = () => {
    if (!status) return;
    if (status === "disputed" && !note.trim()) {
      setNoteError(messages.field(DISPUTE_REASON_REQUIRED));
      return;
    }
    void change
      .mutateAsync({ status, note: note.trim() || undefined })
      .then(() =>
        notify({
          title: t("statusChange.done"),
          description: t("statusChange.doneText", { status: t(`status.${status}`) }),
          variant: "success",
        }),
      )
      .catch((error: unknown) =>
        notify({ title: t("statusChange.failed"), description: messages.error(error), variant: "error" }),
      );
  };

  return (
    <Section title={t("statusChange.title")}>
      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="sr-only">{t("statusChange.title")}</legend>
        {citation.allowedStatuses.map((s) => (
          <label
            key={s}
            className={cn(
              "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm",
              status === s ? "border-brand-500 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={s}
              checked={status === s}
              onChange={() => {
                setStatus(s);
                setNoteError(undefined);
              }}
              className="size-4 accent-brand-700"
              data-testid={`citation-status-option-${s}`}
            />
            {t(`statusChange.to.${s}`)}
          </label>
        ))}
      </fieldset>
      <Field
        label={status === "disputed" ? t("statusChange.reason") : t("statusChange.note")}
        error={noteError}
        hint={t("statusChange.noteHint")}
      >
        <Textarea
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setNoteError(undefined);
          }}
          data-testid="citation-status-note"
        />
      </Field>
      <div className="flex justify-end">
        <Button onClick={submit} disabled={!status || change.isPending} data-testid="citation-status-submit">
          {change.isPending ? <Spinner className="text-current" /> : <RefreshCcw aria-hidden />}
          {t("statusChange.submit")}
        </Button>
      </div>
    </Section>
  );
}

/** The driver disputes their own open citation, giving the reason. */
function DisputeForm({ citation }: { citation: CitationDetail }) {
  const { t } = useTranslation(["citations", "safety"]);
  const messages = useSafetyMessages();
  const dispute = useDisputeCitation(citation.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();

  const submit = () => {
    if (!reason.trim()) {
      setError(messages.field(DISPUTE_REASON_REQUIRED));
      notify({
        title: t("common:errors.missingInformation"),
        description: messages.field(DISPUTE_REASON_REQUIRED),
        variant: "error",
      });
      return;
    }
    // Awaited rather than per-call callbacks: the answer hides this form (the citation is no longer
    // disputable), and callbacks of an unmounted mutation never run.
    void dispute
      .mutateAsync(reason.trim())
      .then(() =>
        notify({ title: t("dispute.sent"), description: t("dispute.sentText"), variant: "success" }),
      )
      .catch((err: unknown) => {
        const field = err instanceof ApiRequestError ? err.fields.reason : undefined;
        if (field) setError(messages.field(field));
        notify({ title: t("dispute.failed"), description: messages.error(err), variant: "error" });
      });
  };

  if (!open) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-slate-600">{t("dispute.prompt")}</p>
        <Button variant="outline" onClick={() => setOpen(true)} data-testid="dispute-citation">
          <Flag aria-hidden />
          {t("dispute.open")}
        </Button>
      </div>
    );
  }
  return (
    <Section title={t("dispute.title")}>
      <p className="text-sm text-slate-600">{t("dispute.text")}</p>
      <Field label={t("dispute.reason")} error={error}>
        <Textarea
          rows={4}
          maxLength={1000}
          autoFocus
          aria-required
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          data-testid="dispute-reason-input"
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setOpen(false)} disabled={dispute.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button onClick={submit} disabled={dispute.isPending} data-testid="dispute-submit">
          {dispute.isPending ? <Spinner className="text-current" /> : <Flag aria-hidden />}
          {t("dispute.submit")}
        </Button>
      </div>
    </Section>
  );
}

/** Every status the citation went through, newest first, with who and why. */
function History({ events }: { events: CitationDetail["events"] }) {
  const { t } = useTranslation(["citations", "safety"]);
  const ordered = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ol className="grid gap-3" data-testid="citation-history">
      {ordered.map((e) => (
        <li key={e.id} className="grid gap-1 text-sm">
          <div className="flex flex-wrap items-center gap-1.5">
            {e.fromStatus ? (
              <>
                <CitationStatusBadge status={e.fromStatus} />
                <ArrowRight className="size-3.5 text-slate-500" aria-label={t("history.to")} />
                <CitationStatusBadge status={e.toStatus} />
              </>
            ) : (
              <span className="font-medium text-slate-700">{t("history.recorded")}</span>
            )}
          </div>
          <p className="text-xs text-slate-500">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            {" · "}
            {e.actorName ?? t("history.system")}
          </p>
          {e.note ? (
            <p className="rounded-md bg-slate-50 px-2.5 py-1.5 whitespace-pre-wrap text-slate-700">
              {e.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
