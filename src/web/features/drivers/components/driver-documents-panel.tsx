import {
  DRIVER_DOCUMENT_KINDS,
  DRIVER_DOCUMENT_TYPES,
  type DriverDetail,
  type DriverDocument,
  type DriverDocumentKind,
} from "@shared/drivers/management.schema";
import { Download, FileText, ImageOff, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Label, Select } from "../../../components/ui/input";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { driverDocumentUrl, useDeleteDriverDocument, useUploadDriverDocument } from "../api/drivers";
import { useDriverMessages } from "../driver-messages";

const isImage = (d: DriverDocument) => d.contentType.startsWith("image/") && d.contentType !== "image/heic";
const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024, 1)} MB` : `${formatNumber(bytes / 1024)} KB`;

/** Licence front and back pictures on top, then every other document; upload, view, remove. */
export function DriverDocumentsPanel({ driver, canEdit }: { driver: DriverDetail; canEdit: boolean }) {
  const { t } = useTranslation("drivers");
  const front = driver.documents.find((d) => d.kind === "license_front");
  const back = driver.documents.find((d) => d.kind === "license_back");
  const others = driver.documents.filter((d) => d.kind !== "license_front" && d.kind !== "license_back");
  const [removing, setRemoving] = useState<DriverDocument | null>(null);
  const remove = useDeleteDriverDocument(driver.id);
  const messages = useDriverMessages();

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["license_front", front],
            ["license_back", back],
          ] as const
        ).map(([kind, doc]) => (
          <LicenceSide
            key={kind}
            kind={kind}
            doc={doc}
            driverId={driver.id}
            canEdit={canEdit}
            onRemove={setRemoving}
          />
        ))}
      </div>

      <div className="grid gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{t("documents.others")}</h3>
        {others.length === 0 ? (
          <p className="text-sm text-slate-500">{t("documents.noOthers")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {others.map((d) => (
              <li
                key={d.id}
                className="flex items-center gap-3 px-3 py-2.5"
                data-testid={`document-${d.kind}`}
              >
                <FileText className="size-5 shrink-0 text-slate-500" aria-hidden />
                <div className="min-w-0 flex-1">
                  <a
                    href={driverDocumentUrl(driver.id, d.id, true)}
                    target="_blank"
                    rel="noreferrer"
                    className="block truncate text-sm font-medium text-brand-700 hover:underline"
                  >
                    {d.fileName}
                  </a>
                  <p className="text-xs text-slate-500">
                    {t(`documents.kinds.${d.kind}`)} · {sizeOf(d.size)} · {formatDateTime(d.createdAt)}
                    {d.uploadedByName ? ` · ${d.uploadedByName}` : ""}
                  </p>
                </div>
                <Button
                  asChild
                  variant="ghost"
                  size="icon"
                  aria-label={t("documents.download", { name: d.fileName })}
                >
                  <a href={driverDocumentUrl(driver.id, d.id)} download>
                    <Download aria-hidden />
                  </a>
                </Button>
                {canEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("documents.remove", { name: d.fileName })}
                    onClick={() => setRemoving(d)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>

      {canEdit ? <UploadForm driverId={driver.id} /> : null}

      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("documents.removeTitle")}
        description={removing ? t("documents.removeText", { name: removing.fileName }) : undefined}
        confirmLabel={t("documents.removeConfirm")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify({ title: t("documents.removed"), variant: "success" });
              setRemoving(null);
            },
            onError: (error) =>
              notify({
                title: t("documents.removeFailed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}

function LicenceSide({
  kind,
  doc,
  driverId,
  canEdit,
  onRemove,
}: {
  kind: "license_front" | "license_back";
  doc: DriverDocument | undefined;
  driverId: string;
  canEdit: boolean;
  onRemove: (doc: DriverDocument) => void;
}) {
  const { t } = useTranslation("drivers");
  const upload = useUploadDriverDocument(driverId);
  const messages = useDriverMessages();
  const input = useRef<HTMLInputElement>(null);
  const send = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(
      { file, kind },
      {
        onSuccess: () =>
          notify({ title: t("documents.uploaded"), description: file.name, variant: "success" }),
        onError: (error) =>
          notify({
            title: t("documents.uploadFailed"),
            description: messages.error(error),
            variant: "error",
          }),
      },
    );
  };
  return (
    <figure className="grid gap-2" data-testid={`licence-${kind}`}>
      <div className="flex aspect-[1.586] items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        {doc && isImage(doc) ? (
          <a
            href={driverDocumentUrl(driverId, doc.id, true)}
            target="_blank"
            rel="noreferrer"
            className="size-full"
          >
            <img
              src={driverDocumentUrl(driverId, doc.id, true)}
              alt={t(`documents.kinds.${kind}`)}
              className="size-full object-contain"
            />
          </a>
        ) : doc ? (
          <a
            href={driverDocumentUrl(driverId, doc.id, true)}
            target="_blank"
            rel="noreferrer"
            className="flex flex-col items-center gap-2 text-sm text-brand-700 hover:underline"
          >
            <FileText className="size-8" aria-hidden />
            {doc.fileName}
          </a>
        ) : (
          <span className="flex flex-col items-center gap-2 text-sm text-slate-500">
            <ImageOff className="size-8" aria-hidden />
            {t("documents.missing")}
          </span>
        )}
      </div>
      <figcaption className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{t(`documents.kinds.${kind}`)}</span>
        {canEdit ? (
          <span className="flex gap-1">
            <input
              ref={input}
              type="file"
              accept={DRIVER_DOCUMENT_TYPES.join(",")}
              className="sr-only"
              tabIndex={-1}
              aria-label={t("documents.uploadSide", { side: t(`documents.kinds.${kind}`) })}
              onChange={(e) => {
                send(e.target.files?.[0]);
                e.target.value = "";
              }}
              data-testid={`upload-${kind}`}
            />
            <Button
              variant="outline"
              size="sm"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
            >
              {upload.isPending ? <Spinner className="text-current" /> : <Upload aria-hidden />}
              {doc ? t("documents.replace") : t("documents.upload")}
            </Button>
            {doc ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("documents.remove", { name: doc.fileName })}
                onClick={() => onRemove(doc)}
              >
                <Trash2 aria-hidden />
              </Button>
            ) : null}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

function UploadForm({ driverId }: { driverId: string }) {
  const { t } = useTranslation("drivers");
  const id = useId();
  const [kind, setKind] = useState<DriverDocumentKind>("medical_card");
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDriverDocument(driverId);
  const messages = useDriverMessages();
  const submit = () => {
    if (!file) {
      notify({
        title: t("common:errors.missingInformation"),
        description: t("documents.chooseFile"),
        variant: "error",
      });
      return;
    }
    upload.mutate(
      { file, kind },
      {
        onSuccess: () => {
          notify({ title: t("documents.uploaded"), description: file.name, variant: "success" });
          setFile(null);
          if (input.current) input.current.value = "";
        },
        onError: (error) =>
          notify({
            title: t("documents.uploadFailed"),
            description: messages.error(error),
            variant: "error",
          }),
      },
    );
  };
  return (
    <div className="grid gap-3 rounded-md border border-dashed border-slate-300 p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-kind`}>{t("documents.kind")}</Label>
        <Select
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => setKind(e.target.value as DriverDocumentKind)}
        >
          {DRIVER_DOCUMENT_KINDS.filter((k) => k !== "license_front" && k !== "license_back").map((k) => (
            <option key={k} value={k}>
              {t(`documents.kinds.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-file`}>{t("documents.file")}</Label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={DRIVER_DOCUMENT_TYPES.join(",")}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
        <p className="text-xs text-slate-500">{t("documents.rules")}</p>
      </div>
      <Button onClick={submit} disabled={upload.isPending}>
        {upload.isPending ? <Spinner className="text-current" /> : <Upload aria-hidden />}
        {t("documents.upload")}
      </Button>
    </div>
  );
}
