import { AlertTriangle, Clock, Download, RotateCw, Send, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { formatDateTime } from "../../../lib/format";
import { deleteEntry, resendEntry, sendNow } from "../../../lib/outbox/outbox";
import { isConflict, type OutboxEntry } from "../../../lib/outbox/outbox-core";
import { useOutbox } from "../../../lib/outbox/use-outbox";

/**
 * "Waiting to send (3)" under the shell's header (decision 061), shown while the signed-in user has
 * anything in the outbox; a tap opens the list: each item with the time it was done and its state,
 * "Send now", and for one the server refused, what it said and what to do — its photos kept until
 * the driver deletes it.
 */
export function OutboxStrip() {
  const { t } = useTranslation("outbox");
  const { entries } = useOutbox();
  const [open, setOpen] = useState(false);
  const online = useOnline();
  const refused = entries.some((e) => e.state === "refused");
  if (entries.length === 0 && !open) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="outbox-indicator"
        data-count={entries.length}
        className={
          refused
            ? "flex min-h-11 w-full items-center gap-2 border-b border-red-200 bg-red-50 px-4 text-left text-sm text-red-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 sm:px-6 lg:px-8"
            : "flex min-h-11 w-full items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 text-left text-sm text-amber-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 sm:px-6 lg:px-8"
        }
      >
        {refused ? (
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
        ) : (
          <Clock className="size-4 shrink-0" aria-hidden />
        )}
        <span className="font-medium">{t("common:outbox.strip", { count: entries.length })}</span>
        <span className="min-w-0 truncate text-xs opacity-80 max-sm:hidden">
          {t("common:outbox.stripHint")}
        </span>
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("title")}
        description={t("description")}
        closeLabel={t("common:actions.close")}
        footer={
          <Button
            size="lg"
            onClick={() => void sendNow()}
            disabled={!online || !entries.some((e) => e.state === "waiting")}
            data-testid="outbox-send-now"
          >
            <Send aria-hidden />
            {t("sendNow")}
          </Button>
        }
      >
        <div className="grid gap-3">
          {!online ? (
            <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("offline")}</p>
          ) : null}
          {entries.length === 0 ? (
            <p className="text-sm text-slate-600">{t("empty")}</p>
          ) : (
            <ol className="grid gap-2" data-testid="outbox-items">
              {entries.map((entry) => (
                <OutboxItem key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          <p className="text-xs text-slate-500">{t("kept")}</p>
        </div>
      </Dialog>
    </>
  );
}

function OutboxItem({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation("outbox");
  const [deleting, setDeleting] = useState(false);
  const files = (entry.parts ?? []).flatMap((p) => ("file" in p ? [p] : []));
  const refusal = entry.refusal;
  const what = [
    t(`kind.${entry.kind}`),
    entry.subject.load ? t("load", { number: entry.subject.load }) : null,
    entry.subject.action
      ? t(`action.${entry.subject.action}`)
      : entry.subject.event
        ? t(`event.${entry.subject.event}`)
        : (entry.subject.detail ?? null),
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li
      className="grid gap-1.5 rounded-lg border border-slate-200 p-3"
      data-testid="outbox-item"
      data-kind={entry.kind}
      data-state={entry.state}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{what}</span>
        <span
          className={
            entry.state === "refused"
              ? "text-xs font-medium text-red-700"
              : "text-xs font-medium text-amber-800"
          }
        >
          {t(`state.${entry.state}`)}
        </span>
      </div>
      <p className="text-xs text-slate-600">
        <time dateTime={entry.occurredAt}>{t("doneAt", { time: formatDateTime(entry.occurredAt) })}</time>
      </p>
      {entry.lastError && entry.state !== "refused" ? (
        <p className="text-xs text-slate-500">
          {t("tries", {
            count: entry.attempts,
            // "NETWORK", or the status and code of a server that did not answer ("503 HTTP_ERROR").
            error:
              entry.lastError === "NETWORK"
                ? t("noNetwork")
                : t("serverDown", { status: entry.lastError.split(" ")[0] }),
          })}
        </p>
      ) : null}
      {refusal ? (
        <div
          className="grid gap-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900"
          data-testid="outbox-refusal"
        >
          <p>{t("serverSaid", { message: t(`codes.${refusal.code}`, { defaultValue: refusal.message }) })}</p>
          <p className="text-xs">{isConflict(refusal) ? t("conflictHelp") : t("refusedHelp")}</p>
        </div>
      ) : null}
      {refusal || files.length ? (
        <div className="flex flex-wrap gap-2 pt-1">
          {files.map((f) => (
            <SaveFile key={`${f.name}-${f.fileName}`} file={f.file} name={f.fileName} />
          ))}
          {refusal ? (
            <>
              <Button
                variant="outline"
                size="sm"
                className="min-h-11"
                onClick={() => void resendEntry(entry.id)}
              >
                <RotateCw aria-hidden />
                {t("resend")}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="min-h-11 border-red-200 text-red-700 hover:bg-red-50"
                onClick={() => setDeleting(true)}
                data-testid="outbox-delete"
              >
                <Trash2 aria-hidden />
                {t("delete")}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("deleteTitle")}
        description={t("deleteText")}
        confirmLabel={t("delete")}
        destructive
        onConfirm={() => void deleteEntry(entry.id).then(() => setDeleting(false))}
      />
    </li>
  );
}

/** A kept photo saved to the phone (a download of the Blob the outbox holds). */
function SaveFile({ file, name }: { file: Blob; name: string }) {
  const { t } = useTranslation("outbox");
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  if (!url) return null;
  return (
    <Button asChild variant="outline" size="sm" className="min-h-11 max-w-full">
      <a href={url} download={name} data-testid="outbox-save-file">
        <Download aria-hidden />
        <span className="truncate">{t("save", { name })}</span>
      </a>
    </Button>
  );
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return online;
}
