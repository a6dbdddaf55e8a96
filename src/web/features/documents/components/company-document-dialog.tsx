import {
  type CompanyDocumentType,
  companyDocumentInputSchema,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES_ALLOWED,
  type Document,
} from "@shared/documents/documents.schema";
import { Paperclip } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { firstIssues } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { useSaveCompanyDocument } from "../api/documents";
import { useDocumentMessages } from "../documents-messages";

type Values = { name: string; type: string; expiresOn: string; visibleToDrivers: boolean; notes: string };

const valuesOf = (doc: Document | null): Values => ({
  name: doc?.name ?? "",
  type: doc?.type ?? "",
  expiresOn: doc?.expiresOn ?? "",
  visibleToDrivers: doc?.visibleToDrivers ?? false,
  notes: doc?.notes ?? "",
});

/**
 * Upload or edit one of the company's documents: a name and a file (spec §5, "Document upload needs a
 * name and a file."), its type, expiry and whether drivers see it. A refused save keeps what was typed.
 */
export function CompanyDocumentDialog({
  document: doc,
  open,
  onOpenChange,
  types,
}: {
  document: Document | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  types: readonly CompanyDocumentType[];
}) {
  const { t } = useTranslation("documents");
  const messages = useDocumentMessages();
  const save = useSaveCompanyDocument(doc?.id ?? null);
  const [values, setValues] = useState<Values>(valuesOf(doc));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  useEffect(() => {
    if (open) {
      setValues(valuesOf(doc));
      setFile(null);
      setErrors({});
    }
  }, [open, doc]);
  const set = (name: keyof Values) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = companyDocumentInputSchema.safeParse(values);
    const found: Record<string, string | undefined> = parsed.success ? {} : firstIssues(parsed.error);
    if (!doc && !file) found.file = DOCUMENT_MESSAGES.fileRequired;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      // Each field says what it lacks; the toast says the spec's sentence once.
      const missing = found.name === DOCUMENT_MESSAGES.nameRequired || !!found.file;
      notify({
        title: t("form.failed"),
        description: messages.field(
          missing ? DOCUMENT_MESSAGES.nameAndFile : Object.values(found).find(Boolean),
        ),
        variant: "error",
      });
      return;
    }
    const form = new FormData();
    form.set("name", values.name);
    form.set("type", values.type);
    form.set("expiresOn", values.expiresOn);
    form.set("visibleToDrivers", values.visibleToDrivers ? "true" : "false");
    form.set("notes", values.notes);
    if (file) form.set("file", file);
    save.mutate(form, {
      onSuccess: (saved) => {
        notify({
          title: doc ? t("form.saved") : t("form.uploaded", { name: saved.name }),
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
        if (isApiError(error, 415) || isApiError(error, 413))
          setErrors((x) => ({ ...x, file: messages.error(error) }));
        notify({ title: t("form.failed"), description: messages.error(error), variant: "error" });
      },
    });
  };
  const err = (name: string) => messages.field(errors[name]);

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title={doc ? t("form.editTitle") : t("form.uploadTitle")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-xl"
    >
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="company-document-form">
        <Field label={t("form.name")} error={err("name")}>
          <Input
            value={values.name}
            maxLength={200}
            onChange={(e) => set("name")(e.target.value)}
            aria-required
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("form.type")} error={err("type")}>
            <Select value={values.type} onChange={(e) => set("type")(e.target.value)} aria-required>
              <option value="">{t("form.chooseType")}</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("form.expiresOn")} error={err("expiresOn")} hint={t("form.expiresHint")}>
            <Input type="date" value={values.expiresOn} onChange={(e) => set("expiresOn")(e.target.value)} />
          </Field>
        </div>
        <div className="grid gap-1">
          <span className="text-sm font-medium text-slate-900">{t("form.file")}</span>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={DOCUMENT_TYPES_ALLOWED.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="document-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors((x) => ({ ...x, file: undefined }));
            }}
          />
          <span className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              className={cn("border-dashed", errors.file && "border-red-500")}
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden />
              {file || doc ? t("form.replaceFile") : t("form.chooseFile")}
            </Button>
            <span className="min-w-0 truncate text-sm text-slate-700">
              {file?.name ?? doc?.file.fileName ?? ""}
            </span>
          </span>
          <span
            className={errors.file ? "text-sm text-red-600" : "text-xs text-slate-500"}
            role={errors.file ? "alert" : undefined}
          >
            {errors.file ? err("file") : t("form.fileHint")}
          </span>
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={values.visibleToDrivers}
            onChange={(e) => set("visibleToDrivers")(e.target.checked)}
          />
          {t("form.visibleToDrivers")}
        </label>
        <Field label={t("form.notes")} error={err("notes")}>
          <Textarea
            rows={2}
            maxLength={2000}
            value={values.notes}
            onChange={(e) => set("notes")(e.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={save.isPending}
          >
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-document">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {doc ? t("form.save") : t("form.upload")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
