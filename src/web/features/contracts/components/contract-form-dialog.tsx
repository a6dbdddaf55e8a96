import {
  CONTRACT_ATTACHMENT_TYPES,
  CONTRACT_TYPES,
  type Contract,
  type ContractType,
  contractInputSchema,
} from "@shared/contracts/contracts.schema";
import { FileText, Paperclip, Wand2, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DriverPicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { showSchemaErrors, showServerErrors } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { mergeTemplate, useRemoveAttachment, useSaveContract } from "../api/contracts";
import { useContractMessages } from "../contracts-messages";
import { RichTextEditor } from "./rich-text-editor";

interface Values {
  title: string;
  type: string;
  driverId: string;
  signerName: string;
  signerEmail: string;
  startsOn: string;
  expiresOn: string;
  content: string;
}
const FIELDS = [
  "title",
  "type",
  "driverId",
  "signerName",
  "signerEmail",
  "startsOn",
  "expiresOn",
  "content",
] as const;

const fromContract = (c: Contract | null): Values => ({
  title: c?.title ?? "",
  type: c?.type ?? "employment",
  driverId: c?.driver?.id ?? "",
  signerName: c?.signerName ?? "",
  signerEmail: c?.signerEmail ?? "",
  startsOn: c?.startsOn ?? "",
  expiresOn: c?.expiresOn ?? "",
  content: c?.content ?? "",
});

/**
 * A draft contract: the spec's fields (title, type, driver, expiry date, content, attachment) and the
 * signer's name and email. "Fill from template" merges the type's template for the chosen driver and
 * start date. A refused save keeps what was typed.
 */
export function ContractFormDialog({
  open,
  contract,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  contract: Contract | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: (c: Contract) => void;
}) {
  const { t } = useTranslation("contracts");
  const messages = useContractMessages();
  const save = useSaveContract(contract?.id ?? null);
  const removeAttachment = useRemoveAttachment();
  const { register, handleSubmit, formState, setError, clearErrors, reset, control, getValues, setValue } =
    useForm<Values>({ defaultValues: fromContract(contract) });
  const errors = formState.errors;
  const driver = useController({ control, name: "driverId" }).field;
  const content = useController({ control, name: "content" }).field;
  const [driverLabel, setDriverLabel] = useState<string | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [merging, setMerging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  useEffect(() => {
    if (!open) return;
    reset(fromContract(contract));
    setDriverLabel(contract?.driver?.name);
    setFile(null);
  }, [open, contract, reset]);

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
  };

  const [askReplace, setAskReplace] = useState(false);
  const fillFromTemplate = async (confirmed = false) => {
    const v = getValues();
    if (v.content.trim() && !confirmed) {
      setAskReplace(true);
      return;
    }
    setAskReplace(false);
    setMerging(true);
    try {
      const merged = await mergeTemplate({
        type: v.type as ContractType,
        driverId: v.driverId || undefined,
        signerName: v.signerName || undefined,
        startsOn: v.startsOn || undefined,
      });
      setValue("content", merged.content, { shouldDirty: true });
      if (!v.title) setValue("title", t(`defaultTitles.${v.type}`));
      clearErrors("content");
    } catch (error) {
      notify({ title: t("form.templateFailed"), description: messages.error(error), variant: "error" });
    } finally {
      setMerging(false);
    }
  };

  const onSubmit = (values: Values) => {
    clearErrors();
    const parsed = contractInputSchema.safeParse(values);
    if (!parsed.success) {
      showSchemaErrors(setError, FIELDS, parsed.error);
      notify({ title: t("form.failed"), description: t("form.fixFields"), variant: "error" });
      return;
    }
    save.mutate(
      { values: parsed.data, file },
      {
        onSuccess: (saved) => {
          notify({
            title: t(contract ? "form.saved" : "form.created", { title: saved.title }),
            variant: "success",
          });
          onOpenChange(false);
          onSaved?.(saved);
        },
        onError: (error) => {
          showServerErrors(setError, FIELDS, error);
          notify({ title: t("form.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );
  };

  const err = (name: keyof Values) => messages.field(errors[name]?.message);
  const attached = file?.name ?? contract?.attachment?.fileName;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(contract ? "form.editTitle" : "form.newTitle")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" data-testid="contract-form">
        <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
          <Field label={t("fields.title")} error={err("title")}>
            <Input maxLength={200} autoComplete="off" aria-required {...register("title")} />
          </Field>
          <Field label={t("fields.type")} error={err("type")}>
            <Select aria-required {...register("type")} data-testid="contract-type">
              {CONTRACT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label={t("fields.driver")} error={err("driverId")} hint={t("form.driverHint")}>
          <DriverPicker
            value={driver.value || null}
            selectedLabel={driverLabel}
            onChange={(id, row) => {
              driver.onChange(id ?? "");
              setDriverLabel(row?.fullName);
              if (row) {
                setValue("signerName", row.fullName);
                if (row.email) setValue("signerEmail", row.email);
              }
            }}
            aria-label={t("fields.driver")}
          />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.signerName")} error={err("signerName")}>
            <Input maxLength={200} autoComplete="off" aria-required {...register("signerName")} />
          </Field>
          <Field label={t("fields.signerEmail")} error={err("signerEmail")} hint={t("form.emailHint")}>
            <Input
              type="email"
              maxLength={200}
              autoComplete="off"
              aria-required
              {...register("signerEmail")}
            />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.startsOn")} error={err("startsOn")}>
            <Input type="date" {...register("startsOn")} />
          </Field>
          <Field label={t("fields.expiresOn")} error={err("expiresOn")} hint={t("form.expiresHint")}>
            <Input type="date" {...register("expiresOn")} />
          </Field>
        </div>
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={`${fileId}-content`} className="text-sm font-medium text-slate-900">
              {t("fields.content")}
            </label>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void fillFromTemplate()}
              disabled={merging}
              data-testid="fill-template"
            >
              {merging ? <Spinner className="text-current" /> : <Wand2 aria-hidden />}
              {t("form.fillTemplate")}
            </Button>
          </div>
          <RichTextEditor
            id={`${fileId}-content`}
            value={content.value}
            onChange={(v) => {
              content.onChange(v);
              if (errors.content) clearErrors("content");
            }}
            aria-invalid={!!errors.content}
            aria-describedby={errors.content ? `${fileId}-content-error` : undefined}
          />
          {errors.content ? (
            <span id={`${fileId}-content-error`} role="alert" className="text-sm text-red-600">
              {err("content")}
            </span>
          ) : null}
        </div>
        <div className="grid gap-1">
          <span className="text-sm font-medium text-slate-900">{t("fields.attachment")}</span>
          <input
            ref={fileInput}
            type="file"
            accept={CONTRACT_ATTACHMENT_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="contract-attachment"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <span className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              className="border-dashed"
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden />
              {attached ? t("form.replaceFile") : t("form.chooseFile")}
            </Button>
            {attached ? (
              <span className="flex min-w-0 items-center gap-1 text-sm text-slate-700">
                <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
                <span className="truncate">{attached}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className={cn("size-8")}
                  aria-label={t("form.removeFile")}
                  onClick={() => {
                    if (file) setFile(null);
                    else if (contract) removeAttachment.mutate(contract.id);
                  }}
                >
                  <X aria-hidden />
                </Button>
              </span>
            ) : null}
          </span>
          <span className="text-xs text-slate-500">{t("form.fileHint")}</span>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-contract">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t("form.save")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={askReplace}
        onOpenChange={setAskReplace}
        title={t("form.replaceTitle")}
        description={t("form.replaceContent")}
        confirmLabel={t("form.fillTemplate")}
        onConfirm={() => void fillFromTemplate(true)}
      />
    </Dialog>
  );
}
