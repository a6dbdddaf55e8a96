import type { Document } from "@shared/documents/documents.schema";
import { Download, FileWarning } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { isApiError } from "../../../lib/api-errors";
import { checkDocument } from "../api/documents";
import { useDocumentMessages } from "../documents-messages";

/** What a browser shows inline: PDFs in its viewer, the common photo types as images. */
const IMAGES = ["image/jpeg", "image/png", "image/webp"];

type View = { state: "loading" } | { state: "ready"; url: string } | { state: "failed"; message: string };

/**
 * A document in place: a PDF in the browser's viewer, a photo as an image. The server is asked first,
 * so one whose bytes are gone says "Cannot open document — The document data is not available."
 * (spec §8) instead of opening a blank tab.
 */
export function DocumentViewerDialog({
  document: doc,
  open,
  onOpenChange,
  onDownload,
}: {
  document: Document | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDownload: (doc: Document) => void;
}) {
  const { t } = useTranslation("documents");
  const messages = useDocumentMessages();
  const [view, setView] = useState<View>({ state: "loading" });
  useEffect(() => {
    if (!open || !doc) return;
    const abort = new AbortController();
    setView({ state: "loading" });
    checkDocument(doc, abort.signal).then(
      (url) => setView({ state: "ready", url }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setView({
          state: "failed",
          message: isApiError(error, 404, "DOCUMENT_UNAVAILABLE")
            ? t("validation.notAvailable")
            : messages.error(error),
        });
      },
    );
    return () => abort.abort();
  }, [open, doc, t, messages]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={doc?.name ?? ""}
      description={doc ? t(`types.${doc.type}`) : undefined}
      closeLabel={t("common:actions.close")}
      className="max-w-4xl"
    >
      {doc ? (
        <div className="grid gap-3" data-testid="document-viewer">
          <div className="h-[65vh] min-h-72 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
            {view.state === "loading" ? (
              <div className="grid size-full place-items-center">
                <Spinner />
              </div>
            ) : view.state === "failed" ? (
              <div
                className="grid size-full place-items-center p-6 text-center"
                role="alert"
                data-testid="document-unavailable"
              >
                <div className="grid justify-items-center gap-2">
                  <FileWarning className="size-8 text-red-600" aria-hidden />
                  <p className="font-semibold text-slate-900">{t("viewer.cannotOpen")}</p>
                  <p className="text-sm text-slate-600">{view.message}</p>
                </div>
              </div>
            ) : doc.file.contentType === "application/pdf" ? (
              <iframe src={view.url} title={doc.name} className="size-full" data-testid="document-preview" />
            ) : IMAGES.includes(doc.file.contentType) ? (
              <img
                src={view.url}
                alt={doc.name}
                className="size-full object-contain"
                data-testid="document-preview"
              />
            ) : (
              <p className="grid size-full place-items-center p-6 text-center text-sm text-slate-600">
                {t("viewer.noPreview")}
              </p>
            )}
          </div>
          {view.state !== "failed" ? (
            <div className="flex justify-end">
              <Button variant="outline" onClick={() => onDownload(doc)}>
                <Download aria-hidden />
                {t("download")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
