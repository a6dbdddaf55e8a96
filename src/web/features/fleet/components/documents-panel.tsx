import { expiryState } from "@shared/drivers/expiry";
import { FLEET_DOCUMENT_MAX_BYTES, type FleetDocument } from "@shared/fleet/vehicles.schema";
import { Download, FileImage, FileText, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Input, Label } from "../../../components/ui/input";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { type AssetKind, documentUrl, useDeleteDocument, useUploadDocument } from "../api/fleet";
import { useFleetMessages } from "../fleet-messages";
import { ExpiryDate } from "./fleet-badges";

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${formatNumber(size / 1024, 0)} KB`;
  return `${formatNumber(size / (1024 * 1024), 1)} MB`;
}

/** Registration, insurance card, lease, inspection reports: named files with an optional expiry. */
export function DocumentsPanel({
  kind,
  assetId,
  documents,
  today,
  canEdit,
}: {
  kind: AssetKind;
  assetId: string;
  documents: FleetDocument[];
  today: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const upload = useUploadDocument(kind, assetId);
  const remove = useDeleteDocument(kind, assetId);
  const [name, setName] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<FleetDocument | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), expires: useId(), file: useId() };

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    if (fileRef.current) fileRef.current.value = "";
    const docName = name.trim() || file.name.replace(/\.[^.]+$/, "");
    if (!docName) {
      setNameError(t("validation.documentName"));
      return;
    }
    if (file.size > FLEET_DOCUMENT_MAX_BYTES) {
      notify({
        title: t("documents.uploadFailed"),
        description: t("errors.fileTooLarge"),
        variant: "error",
      });
      return;
    }
    try {
      await upload.mutateAsync({ file, name: docName, expiresOn });
      notify({ title: t("documents.uploaded"), description: docName, variant: "success" });
      setName("");
      setExpiresOn("");
      setNameError(undefined);
    } catch (error) {
      notify({ title: t("documents.uploadFailed"), description: messages.error(error), variant: "error" });
    }
  };

  return (
    <div className="grid gap-4">
      {documents.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
          {t("documents.empty")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="documents">
          {documents.map((doc) => {
            const Icon = doc.contentType.startsWith("image/") ? FileImage : FileText;
            const state = expiryState(doc.expiresOn, today);
            return (
              <li key={doc.id} className="flex items-center gap-3 px-3 py-2.5">
                <span className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-500">
                  <Icon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{doc.name}</p>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
                    <span className="truncate">{doc.fileName}</span>
                    <span>{formatBytes(doc.size)}</span>
                    <time dateTime={doc.createdAt}>{formatDateTime(doc.createdAt)}</time>
                    {doc.expiresOn ? (
                      <span className="inline-flex items-center gap-1">
                        {state?.kind === "valid" ? t("documents.expires") : null}
                        <ExpiryDate date={doc.expiresOn} today={today} inline />
                      </span>
                    ) : null}
                  </p>
                </div>
                <Button asChild variant="ghost" size="icon" className="size-10">
                  <a
                    href={documentUrl(kind, assetId, doc.id)}
                    download={doc.fileName}
                    aria-label={t("documents.download", { name: doc.name })}
                  >
                    <Download aria-hidden />
                  </a>
                </Button>
                {canEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-10 text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => setDeleting(doc)}
                    aria-label={t("documents.delete", { name: doc.name })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      {canEdit ? (
        <div className="grid gap-3 rounded-lg bg-slate-50 p-3">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.name}>{t("documents.name")}</Label>
            <Input
              id={ids.name}
              value={name}
              placeholder={t("documents.namePlaceholder")}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={nameError ? true : undefined}
              data-testid="document-name"
            />
            {nameError ? (
              <p role="alert" className="text-sm text-red-600">
                {nameError}
              </p>
            ) : null}
          </div>
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor={ids.expires}>{t("documents.expiresOn")}</Label>
              <Input
                id={ids.expires}
                type="date"
                value={expiresOn}
                onChange={(e) => setExpiresOn(e.target.value)}
              />
            </div>
            <div>
              <Label htmlFor={ids.file} className="sr-only">
                {t("documents.choose")}
              </Label>
              <input
                ref={fileRef}
                id={ids.file}
                type="file"
                accept="application/pdf,image/*"
                className="sr-only"
                onChange={(e) => void onPick(e.target.files?.[0])}
                data-testid="document-file"
              />
              <Button variant="outline" disabled={upload.isPending} onClick={() => fileRef.current?.click()}>
                {upload.isPending ? <Spinner className="text-current" /> : <Upload aria-hidden />}
                {t("documents.upload")}
              </Button>
            </div>
          </div>
          <p className="text-xs text-slate-500">
            {t("documents.hint", { max: formatBytes(FLEET_DOCUMENT_MAX_BYTES) })}
          </p>
        </div>
      ) : null}

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("documents.deleteTitle")}
        description={deleting ? t("documents.deleteText", { name: deleting.name }) : undefined}
        confirmLabel={t("common:actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify({ title: t("documents.deleted"), description: deleting.name, variant: "success" });
              setDeleting(null);
            },
            onError: (error) =>
              notify({
                title: t("documents.deleteFailed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}
