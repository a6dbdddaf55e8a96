import type { PaperworkLoad } from "@shared/paperwork/paperwork.schema";
import { Ban, CheckCircle2, Download, ExternalLink, FileImage, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { paperworkFileUrl } from "../api/paperwork";

/** What a browser shows inline: PDFs in its viewer, the common photo types as images. */
const PREVIEWABLE_IMAGES = ["image/jpeg", "image/png", "image/webp"];

/**
 * The accountant's viewer: a load's BOLs and PODs one at a time (PDF in the browser's viewer, photos
 * as images), with verify and reject beside them so the decision follows the look.
 */
export function PaperworkReviewDialog({
  load,
  open,
  onOpenChange,
  onVerify,
  onReject,
  verifying,
}: {
  load: PaperworkLoad | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onVerify: (load: PaperworkLoad) => void;
  onReject: (load: PaperworkLoad) => void;
  verifying: boolean;
}) {
  const { t } = useTranslation(["paperwork", "loads"]);
  const files = load?.files ?? [];
  const [fileId, setFileId] = useState<string | null>(null);
  const newest = files.at(-1)?.id ?? null;
  useEffect(() => {
    // The newest upload first: it is the one waiting for a decision.
    if (open) setFileId(newest);
  }, [open, newest]);
  const file = files.find((f) => f.id === fileId) ?? files.at(-1);
  const url = load && file ? paperworkFileUrl(load.id, file.id) : null;
  const status = load?.paperwork.status;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={load ? t("review.title", { number: load.loadNumber }) : ""}
      description={
        load
          ? [
              load.customerName,
              `${load.pickupCity}, ${load.pickupState} → ${load.deliveryCity}, ${load.deliveryState}`,
            ]
              .filter(Boolean)
              .join(" · ")
          : undefined
      }
      closeLabel={t("common:actions.close")}
      className="max-w-5xl"
      footer={
        load && status !== "missing" ? (
          <>
            <Button
              variant="outline"
              className="border-red-200 text-red-700 hover:bg-red-50"
              onClick={() => onReject(load)}
              data-testid="review-reject"
            >
              <Ban aria-hidden />
              {t("actions.reject")}
            </Button>
            <Button
              onClick={() => onVerify(load)}
              disabled={verifying || status === "verified"}
              data-testid="review-verify"
            >
              <CheckCircle2 aria-hidden />
              {t("actions.verify")}
            </Button>
          </>
        ) : undefined
      }
    >
      {files.length ? (
        <div className="grid min-w-0 gap-3 md:grid-cols-[14rem_minmax(0,1fr)]">
          <ul aria-label={t("review.filesLabel")} className="grid content-start gap-1.5">
            {files.map((f) => {
              const Icon = f.contentType.startsWith("image/") ? FileImage : FileText;
              const current = f.id === file?.id;
              return (
                <li key={f.id}>
                  <button
                    type="button"
                    onClick={() => setFileId(f.id)}
                    aria-current={current || undefined}
                    className={cn(
                      "grid min-h-11 w-full grid-cols-[auto_minmax(0,1fr)] items-center gap-2 rounded-md border px-2.5 py-2 text-left text-sm",
                      current ? "border-brand-500 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
                    )}
                  >
                    <Icon className="size-4 text-slate-500" aria-hidden />
                    <span className="grid min-w-0">
                      <span className="truncate font-medium text-slate-900">{f.fileName}</span>
                      <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                        <Badge tone="info">{t(`loads:files.kinds.${f.kind}`)}</Badge>
                        {t("review.uploaded", { date: formatDateTime(f.createdAt) })}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {file && url ? (
            <div className="grid min-w-0 gap-2">
              <div className="h-[60vh] min-h-72 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
                {file.contentType === "application/pdf" ? (
                  <iframe
                    key={file.id}
                    src={url}
                    title={t("review.frameTitle", { name: file.fileName })}
                    className="size-full"
                    data-testid="paperwork-preview"
                  />
                ) : PREVIEWABLE_IMAGES.includes(file.contentType) ? (
                  <img
                    key={file.id}
                    src={url}
                    alt={file.fileName}
                    className="size-full object-contain"
                    data-testid="paperwork-preview"
                  />
                ) : (
                  <p className="grid size-full place-items-center p-6 text-center text-sm text-slate-600">
                    {t("review.noPreview")}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={url} target="_blank" rel="noopener">
                    <ExternalLink aria-hidden />
                    {t("review.openNewTab")}
                  </a>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a href={url} download={file.fileName}>
                    <Download aria-hidden />
                    {t("review.download")}
                  </a>
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-8 text-center text-sm text-slate-500">
          {t("noDocuments")}
        </p>
      )}
    </Dialog>
  );
}
