import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES_ALLOWED,
  DRIVER_UPLOAD_KINDS,
  driverUploadInputSchema,
} from "@shared/documents/documents.schema";
import { Camera } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { firstIssues } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { useUploadOwnDocument } from "../api/documents";
import { useDocumentMessages } from "../documents-messages";

/**
 * A driver files one of their own documents from the phone — a renewed medical card, their insurance
 * card — with the date it shows; the office confirms it. A photo straight from the camera is fine.
 */
export function DriverUploadDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("documents");
  const messages = useDocumentMessages();
  const upload = useUploadOwnDocument();
  const [kind, setKind] = useState<string>("medical_card");
  const [expiresOn, setExpiresOn] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) {
      setKind("medical_card");
      setExpiresOn("");
      setFile(null);
      setErrors({});
    }
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = driverUploadInputSchema.safeParse({ kind, expiresOn });
    const found: Record<string, string | undefined> = parsed.success ? {} : firstIssues(parsed.error);
    // A driver's form has no name: its message speaks only of the file.
    if (!file) found.file = DOCUMENT_MESSAGES.fileRequired;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const form = new FormData();
    form.set("kind", kind);
    form.set("expiresOn", expiresOn);
    if (file) form.set("file", file);
    upload.mutate(form, {
      onSuccess: () => {
        notify({ title: t("own.done"), description: t("own.doneText"), variant: "success" });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
        if (isApiError(error, 415) || isApiError(error, 413))
          setErrors((x) => ({ ...x, file: messages.error(error) }));
        notify({ title: t("own.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !upload.isPending && onOpenChange(o)}
      title={t("own.title")}
      description={t("own.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-md"
    >
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="driver-upload-form">
        <Field label={t("own.kind")} error={messages.field(errors.kind)}>
          <Select value={kind} onChange={(e) => setKind(e.target.value)} className="min-h-11">
            {DRIVER_UPLOAD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`types.${k}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t("own.expiresOn")}
          error={messages.field(errors.expiresOn)}
          hint={t("own.expiresHint")}
        >
          <Input
            type="date"
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
            className="min-h-11"
          />
        </Field>
        <div className="grid gap-1">
          <span className="text-sm font-medium text-slate-900">{t("form.file")}</span>
          <input
            ref={input}
            type="file"
            accept={DOCUMENT_TYPES_ALLOWED.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="own-document-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors((x) => ({ ...x, file: undefined }));
            }}
          />
          <Button
            type="button"
            variant="outline"
            className={cn("min-h-11 justify-start border-dashed", errors.file && "border-red-500")}
            onClick={() => input.current?.click()}
          >
            <Camera aria-hidden />
            <span className="min-w-0 text-left [overflow-wrap:anywhere]">
              {file ? file.name : t("own.chooseFile")}
            </span>
          </Button>
          <span
            className={errors.file ? "text-sm text-red-600" : "text-xs text-slate-500"}
            role={errors.file ? "alert" : undefined}
          >
            {errors.file ? messages.field(errors.file) : t("form.fileHint")}
          </span>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            className="min-h-11"
            onClick={() => onOpenChange(false)}
            disabled={upload.isPending}
          >
            {t("common:actions.cancel")}
          </Button>
          <Button
            type="submit"
            className="min-h-11"
            disabled={upload.isPending}
            data-testid="send-own-document"
          >
            {upload.isPending ? <Spinner className="text-current" /> : null}
            {t("own.send")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
