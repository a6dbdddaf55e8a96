import {
  LOAD_FILE_KINDS,
  LOAD_FILE_MAX_BYTES,
  type LoadDetail,
  type LoadFile,
  type LoadFileKind,
} from "@shared/loads/loads.schema";
import { Clock, Download, FileImage, FileText, Trash2, Upload } from "lucide-react";
import { type MouseEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SentLateMark } from "../../../components/status/sent-late-mark";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Label, Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { openKeptFile } from "../../../lib/offline-day/kept-files";
import { isQueued } from "../../../lib/outbox/outbox";
import { notifyQueued, useOutbox } from "../../../lib/outbox/use-outbox";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useOnline } from "../../../lib/use-online";
import { loadFileUrl, useDeleteLoadFile, useUploadLoadFile } from "../api/loads";
import { PaperworkNotice } from "./paperwork-notice";

/** What the file picker offers: PDFs and photos (a phone may open its camera). */
export const LOAD_FILE_ACCEPT = "application/pdf,image/*";

const DRIVER_KINDS: readonly LoadFileKind[] = ["bol", "pod", "other"];

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${formatNumber(size / 1024, 0)} KB`;
  return `${formatNumber(size / (1024 * 1024), 1)} MB`;
}

/** Checks size before sending; the server checks size and content again. */
export function useLoadFileUpload(loadId: string) {
  const { t } = useTranslation("loads");
  const upload = useUploadLoadFile(loadId);
  /**
   * `quiet`: no success toast, for a step whose own result is announced next (delivery). "queued":
   * no network, kept on the phone (already said) and sent when it returns.
   */
  const send = async (
    file: File,
    kind: LoadFileKind,
    { quiet = false } = {},
  ): Promise<boolean | "queued"> => {
    if (file.size > LOAD_FILE_MAX_BYTES) {
      notify({
        title: t("files.uploadFailed"),
        description: t("files.tooLarge", { max: formatBytes(LOAD_FILE_MAX_BYTES) }),
        variant: "error",
      });
      return false;
    }
    try {
      const answer = await upload.mutateAsync({ file, kind });
      if (isQueued(answer)) {
        notifyQueued(t);
        return "queued";
      }
      if (!quiet)
        notify({
          title: t("files.uploaded"),
          description: t("files.uploadedText", { name: file.name, kind: t(`files.kinds.${kind}`) }),
          variant: "success",
        });
      return true;
    } catch (error) {
      notify({ title: t("files.uploadFailed"), description: describeError(error, t), variant: "error" });
      return false;
    }
  };
  return { send, pending: upload.isPending };
}

/** The load's documents: rate confirmation, BOL, POD and others — upload, download, delete (staff). */
export function LoadFilesPanel({ load, staff }: { load: LoadDetail; staff: boolean }) {
  const { t } = useTranslation("loads");
  const kinds = staff ? LOAD_FILE_KINDS : DRIVER_KINDS;
  const [kind, setKind] = useState<LoadFileKind>(staff ? "rate_confirmation" : "bol");
  const inputRef = useRef<HTMLInputElement>(null);
  const { send, pending } = useLoadFileUpload(load.id);
  const remove = useDeleteLoadFile(load.id);
  const [deleting, setDeleting] = useState<LoadFile | null>(null);
  const kindId = useId();
  const fileId = useId();
  const online = useOnline();
  const me = useMe().data;
  /** Offline, the copy kept on the phone opens instead (the driver's day, decision 062). */
  const openOffline = (event: MouseEvent, url: string) => {
    if (online || !me) return;
    event.preventDefault();
    void openKeptFile(me.user.id, url).then(
      (opened) => opened || notify({ title: t("common:offline.fileNotKept"), variant: "error" }),
    );
  };

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    await send(file, kind);
    if (inputRef.current) inputRef.current.value = "";
  };

  // Photos taken offline, kept on the phone until they are sent (decision 061).
  const waiting = useOutbox().entries.filter(
    (e) => e.kind === "load-file" && e.state !== "refused" && e.subject.loadId === load.id,
  );

  return (
    <div className="grid grid-cols-1 gap-4">
      <PaperworkNotice paperwork={load.paperwork} />
      {waiting.length ? (
        <ul
          className="divide-y divide-amber-100 rounded-lg border border-amber-200 bg-amber-50"
          data-testid="load-files-waiting"
        >
          {waiting.map((e) => (
            <li key={e.id} className="flex items-center gap-3 px-3 py-2.5 text-sm text-amber-900">
              <Clock className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1 truncate font-medium">{e.subject.detail}</span>
              <span className="shrink-0 text-xs">
                <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time> ·{" "}
                {t("common:outbox.waiting")}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {load.files.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
          {t("files.empty")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="load-files">
          {load.files.map((file) => {
            const Icon = file.contentType.startsWith("image/") ? FileImage : FileText;
            return (
              <li
                key={file.id}
                className="flex items-center gap-3 px-3 py-2.5"
                data-testid={`load-file-${file.kind}`}
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-500">
                  <Icon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{file.fileName}</p>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
                    <Badge tone="info">{t(`files.kinds.${file.kind}`)}</Badge>
                    <span>{formatBytes(file.size)}</span>
                    {/* A photo the phone sent late shows when it was taken, and the mark says when it came. */}
                    <time dateTime={file.occurredAt ?? file.createdAt}>
                      {formatDateTime(file.late ? file.occurredAt : file.createdAt)}
                    </time>
                    <span>{t(`files.via.${file.uploadedVia}`, { defaultValue: file.uploadedVia })}</span>
                    <SentLateMark record={file} />
                  </p>
                </div>
                <Button asChild variant="ghost" size="icon" className="size-10">
                  <a
                    href={loadFileUrl(load.id, file.id)}
                    download={file.fileName}
                    onClick={(e) => openOffline(e, loadFileUrl(load.id, file.id))}
                    aria-label={t("files.download", { name: file.fileName })}
                  >
                    <Download aria-hidden />
                  </a>
                </Button>
                {staff ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-10 text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => setDeleting(file)}
                    aria-label={t("files.delete", { name: file.fileName })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <div className="grid grid-cols-1 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[minmax(0,12rem)_1fr] sm:items-end">
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={kindId}>{t("files.kind")}</Label>
          <Select
            id={kindId}
            value={kind}
            onChange={(e) => setKind(e.target.value as LoadFileKind)}
            data-testid="file-kind"
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`files.kinds.${k}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={fileId} className="sr-only">
            {t("files.choose")}
          </Label>
          <input
            ref={inputRef}
            id={fileId}
            type="file"
            accept={LOAD_FILE_ACCEPT}
            className="sr-only"
            onChange={(e) => void onPick(e.target.files?.[0])}
            data-testid="file-input"
          />
          <Button
            variant="outline"
            className="h-11"
            disabled={pending}
            onClick={() => inputRef.current?.click()}
          >
            {pending ? <Spinner className="text-current" /> : <Upload aria-hidden />}
            {t("files.upload")}
          </Button>
        </div>
        <p className="text-xs text-slate-500 sm:col-span-2">
          {t("files.hint", { max: formatBytes(LOAD_FILE_MAX_BYTES) })}
        </p>
      </div>

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("files.deleteTitle")}
        description={deleting ? t("files.deleteText", { name: deleting.fileName }) : undefined}
        confirmLabel={t("common:actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify({ title: t("files.deleted"), description: deleting.fileName, variant: "success" });
              setDeleting(null);
            },
            onError: (error) =>
              notify({
                title: t("files.deleteFailed"),
                description: describeError(error, t),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}
