import { zodResolver } from "@hookform/resolvers/zod";
import {
  CITATION_FILE_ACCEPT,
  CITATION_FILE_MAX_BYTES,
  type CitationDetail,
  type CitationInput,
  citationInputSchema,
} from "@shared/citations/citations.schema";
import { Paperclip, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Label, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { formatBytes, localToday } from "../../../lib/format-day";
import { notify } from "../../../lib/toast";
import { useSaveCitation, useUploadCitationFile } from "../api/citations";
import { MB, useSafetyMessages } from "../safety-messages";
import { ControlledSafetyPicker } from "./controlled-safety-picker";

type FormInput = z.input<typeof citationInputSchema>;
type FormOutput = z.output<typeof citationInputSchema>;

const EMPTY: FormInput = {
  driverId: "",
  citationNumber: "",
  issuedOn: "",
  dueOn: "",
  city: "",
  state: "",
  violation: "",
  fineAmount: "",
  notes: "",
};
const REQUIRED: Array<keyof FormInput> = [
  "driverId",
  "issuedOn",
  "dueOn",
  "city",
  "state",
  "violation",
  "fineAmount",
];

const valuesOf = (c: CitationDetail): FormInput => ({
  driverId: c.driverId,
  citationNumber: c.citationNumber,
  issuedOn: c.issuedOn,
  dueOn: c.dueOn,
  city: c.city,
  state: c.state,
  violation: c.violation,
  fineAmount: c.fineAmount,
  notes: c.notes,
});

/** What the picker offers for documents: PDFs and photos (a phone may open its camera). */

/**
 * Record a citation (with the ticket attached, optionally) or correct one. Validation is the shared
 * schema the server parses with; server field errors land on the same inputs; on any error the
 * dialog stays open with the data as typed.
 */
export function CitationFormDialog({
  open,
  onOpenChange,
  citation,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this one; absent: a new citation. */
  citation?: CitationDetail;
  onSaved?: (citation: CitationDetail) => void;
}) {
  const { t } = useTranslation(["citations", "safety"]);
  const messages = useSafetyMessages();
  const save = useSaveCitation(citation?.id);
  const upload = useUploadCitationFile();
  const [file, setFile] = useState<File | null>(null);
  const [driverLabel, setDriverLabel] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const { register, handleSubmit, formState, setError, reset, control, watch } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({ resolver: zodResolver(citationInputSchema), defaultValues: EMPTY });
  const errors = formState.errors;
  const issuedOn = watch("issuedOn");
  const pending = save.isPending || upload.isPending;

  useEffect(() => {
    if (!open) return;
    reset(citation ? valuesOf(citation) : EMPTY);
    setDriverLabel(citation?.driverName ?? null);
    setFile(null);
  }, [open, citation, reset]);

  const close = (next: boolean) => {
    if (pending) return;
    onOpenChange(next);
  };

  const onPickFile = (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > CITATION_FILE_MAX_BYTES) {
      notify({
        title: t("file.uploadFailed"),
        description: t("safety:errors.fileTooLarge", { max: MB(CITATION_FILE_MAX_BYTES) }),
        variant: "error",
      });
    } else {
      setFile(picked);
    }
    if (fileRef.current) fileRef.current.value = "";
  };

  const onValid = async (values: FormOutput) => {
    let saved: CitationDetail;
    try {
      saved = await save.mutateAsync(values as CitationInput);
    } catch (error) {
      if (isApiError(error, 400)) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in EMPTY) setError(name as Path<FormInput>, { type: "server", message });
        }
      }
      notify({ title: t("form.saveFailed"), description: messages.error(error), variant: "error" });
      return;
    }
    let fileFailed: unknown = null;
    if (file) {
      try {
        saved = await upload.mutateAsync({ id: saved.id, file });
      } catch (error) {
        fileFailed = error;
      }
    }
    if (fileFailed) {
      notify({
        title: t("form.savedWithoutFile"),
        description: messages.error(fileFailed),
        variant: "error",
      });
    } else {
      notify({
        title: citation ? t("form.updated") : t("form.created"),
        description: t("form.savedText", { violation: saved.violation, driver: saved.driverName }),
        variant: "success",
      });
    }
    onOpenChange(false);
    onSaved?.(saved);
  };

  // Spec section 8: empty required fields say "Missing Information"; other rules show under their field.
  const onInvalid = (errs: FieldErrors<FormInput>) => {
    const missing = REQUIRED.some((name) => errs[name] && !String(watch(name) ?? "").trim());
    notify({
      title: missing ? t("common:errors.missingInformation") : t("form.checkFields"),
      description: missing ? t("common:errors.missingInformationText") : t("form.checkFieldsText"),
      variant: "error",
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={citation ? t("form.editTitle") : t("form.newTitle")}
      description={citation ? t("form.editText") : t("form.newText")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="grid gap-4"
        data-testid="citation-form"
      >
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.driver")} error={messages.field(errors.driverId)}>
            <ControlledSafetyPicker
              control={control}
              name="driverId"
              kind="drivers"
              selectedLabel={driverLabel}
              onOption={(option) => setDriverLabel(option?.label ?? null)}
            />
          </Field>
          <Field label={t("fields.citationNumber")} hint={t("form.citationNumberHint")}>
            <Input autoComplete="off" maxLength={60} {...register("citationNumber")} />
          </Field>
          <Field label={t("fields.issuedOn")} error={messages.field(errors.issuedOn)}>
            <Input type="date" max={localToday()} aria-required {...register("issuedOn")} />
          </Field>
          <Field label={t("fields.dueOn")} error={messages.field(errors.dueOn)} hint={t("form.dueOnHint")}>
            <Input type="date" min={issuedOn || undefined} aria-required {...register("dueOn")} />
          </Field>
          <Field label={t("fields.city")} error={messages.field(errors.city)}>
            <Input autoComplete="off" maxLength={100} aria-required {...register("city")} />
          </Field>
          <Field label={t("fields.state")} error={messages.field(errors.state)}>
            <Input autoComplete="off" maxLength={40} aria-required placeholder="IL" {...register("state")} />
          </Field>
          <Field
            label={t("fields.violation")}
            error={messages.field(errors.violation)}
            className="sm:col-span-2"
          >
            <Input autoComplete="off" maxLength={300} aria-required {...register("violation")} />
          </Field>
          <Field label={t("fields.fineAmount")} error={messages.field(errors.fineAmount)}>
            <Input inputMode="decimal" placeholder="0.00" aria-required {...register("fineAmount")} />
          </Field>
          {citation ? null : (
            <div className="grid content-start gap-1.5">
              <Label htmlFor={fileId}>{t("fields.file")}</Label>
              <input
                ref={fileRef}
                id={fileId}
                type="file"
                accept={CITATION_FILE_ACCEPT}
                className="sr-only"
                onChange={(e) => onPickFile(e.target.files?.[0])}
                data-testid="citation-file-input"
              />
              {file ? (
                <div className="flex h-10 items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 text-sm">
                  <Paperclip className="size-4 shrink-0 text-slate-500" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{file.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">{formatBytes(file.size)}</span>
                  <button
                    type="button"
                    onClick={() => setFile(null)}
                    className="rounded p-0.5 text-slate-500 hover:bg-slate-200"
                    aria-label={t("file.removeChosen", { name: file.name })}
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                </div>
              ) : (
                <Button variant="outline" onClick={() => fileRef.current?.click()}>
                  <Paperclip aria-hidden />
                  {t("file.choose")}
                </Button>
              )}
              <p className="text-xs text-slate-500">{t("file.hint", { max: MB(CITATION_FILE_MAX_BYTES) })}</p>
            </div>
          )}
          <Field label={t("fields.notes")} className="sm:col-span-2">
            <Textarea rows={3} maxLength={2000} {...register("notes")} />
          </Field>
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={pending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={pending} data-testid="save-citation">
            {pending ? <Spinner className="text-current" /> : null}
            {citation ? t("form.saveChanges") : t("form.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
