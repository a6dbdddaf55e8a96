import {
  CERTIFICATE_FILE_TYPES,
  CERTIFICATE_PARTIES,
  type Certificate,
  type CertificateDirection,
  type CertificateInput,
  certificateInputSchema,
  INSURER_LETTERS,
  POLICY_KINDS,
  POLICY_LIMITS,
  type PolicyKind,
} from "@shared/certificates/certificates.schema";
import { Paperclip, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type FieldPath, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { issuesByPath } from "../../../lib/form-errors";
import { localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSaveCertificate } from "../api/certificates";
import { useCertificateMessages } from "../certificates-messages";

interface PolicyValues {
  kind: PolicyKind;
  insurerLetter: string;
  number: string;
  effectiveOn: string;
  expiresOn: string;
  limits: Record<string, string>;
}
interface Values {
  direction: CertificateDirection;
  partyKind: string;
  partyName: string;
  insuredName: string;
  producerName: string;
  producerAddress: string;
  producerContact: string;
  insurers: Array<{ letter: string; name: string; naic: string }>;
  policies: PolicyValues[];
  notes: string;
}

const yearLater = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};
const newPolicy = (kind: PolicyKind = "auto_liability"): PolicyValues => ({
  kind,
  insurerLetter: "A",
  number: "",
  effectiveOn: localToday(),
  expiresOn: yearLater(localToday()),
  limits: {},
});

const fromCertificate = (c: Certificate | null, direction: CertificateDirection): Values => ({
  direction: c?.direction ?? direction,
  partyKind: c?.partyKind ?? (direction === "received" ? "owner_operator" : ""),
  partyName: c?.partyName ?? "",
  insuredName: c?.insuredName ?? "",
  producerName: c?.producerName ?? "",
  producerAddress: c?.producerAddress ?? "",
  producerContact: c?.producerContact ?? "",
  insurers: c?.insurers ?? [{ letter: "A", name: "", naic: "" }],
  policies: c?.policies.map((p) => ({ ...p, limits: { ...p.limits } })) ?? [newPolicy()],
  notes: c?.notes ?? "",
});

/**
 * A certificate of insurance as ACORD 25 lays it out: the producer, the insurers (A–F with their NAIC
 * numbers), and each policy with its number, dates and the limits that line prints. Ours or received
 * (from an owner-operator or a vendor); the scan can be attached. A refused save keeps everything.
 */
export function CertificateFormDialog({
  open,
  certificate,
  direction,
  onOpenChange,
}: {
  open: boolean;
  certificate: Certificate | null;
  direction: CertificateDirection;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("certificates");
  const messages = useCertificateMessages();
  const save = useSaveCertificate(certificate?.id ?? null);
  const { register, handleSubmit, reset, control, watch } = useForm<Values>({
    defaultValues: fromCertificate(certificate, direction),
  });
  const insurers = useFieldArray({ control, name: "insurers" });
  const policies = useFieldArray({ control, name: "policies" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const received = watch("direction") === "received";
  const letters = watch("insurers").map((i) => i.letter);

  useEffect(() => {
    if (!open) return;
    reset(fromCertificate(certificate, direction));
    setErrors({});
    setFile(null);
  }, [open, certificate, direction, reset]);

  const onSubmit = (values: Values) => {
    const input = { ...values, partyKind: values.partyKind || null } as CertificateInput;
    const parsed = certificateInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error));
      notify({ title: t("form.failed"), description: t("form.fixFields"), variant: "error" });
      return;
    }
    setErrors({});
    save.mutate(
      { values: input, file },
      {
        onSuccess: (saved) => {
          notify({
            title: t(certificate ? "form.saved" : "form.created", { name: saved.insuredName }),
            variant: "success",
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(error.fields);
          notify({ title: t("form.failed"), description: messages.error(error), variant: "error" });
        },
      },
    );
  };
  const err = (name: FieldPath<Values>) => messages.field(errors[name]);

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title={t(certificate ? "form.editTitle" : received ? "form.newReceivedTitle" : "form.newTitle")}
      description={t("form.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-4xl"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="grid gap-5"
        data-testid="certificate-form"
      >
        {received ? (
          <div className="grid items-start gap-4 sm:grid-cols-[1fr_2fr]">
            <Field label={t("fields.partyKind")} error={err("partyKind")}>
              <Select {...register("partyKind")}>
                {CERTIFICATE_PARTIES.map((p) => (
                  <option key={p} value={p}>
                    {t(`parties.${p}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("fields.partyName")} error={err("partyName")}>
              <Input maxLength={200} {...register("partyName")} />
            </Field>
          </div>
        ) : null}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label={t("fields.insuredName")} error={err("insuredName")}>
            <Input maxLength={200} aria-required {...register("insuredName")} />
          </Field>
          <Field label={t("fields.producerName")} error={err("producerName")}>
            <Input maxLength={200} aria-required {...register("producerName")} />
          </Field>
          <Field label={t("fields.producerAddress")} error={err("producerAddress")}>
            <Input maxLength={400} {...register("producerAddress")} />
          </Field>
          <Field label={t("fields.producerContact")} error={err("producerContact")}>
            <Input maxLength={200} {...register("producerContact")} />
          </Field>
        </div>

        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("form.insurers")}</legend>
          {insurers.fields.map((row, i) => (
            <div key={row.id} className="grid items-start gap-3 sm:grid-cols-[5rem_1fr_9rem_auto]">
              <Field label={t("fields.letter")} error={err(`insurers.${i}.letter`)}>
                <Select {...register(`insurers.${i}.letter`)}>
                  {INSURER_LETTERS.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t("fields.insurerName")} error={err(`insurers.${i}.name`)}>
                <Input maxLength={200} {...register(`insurers.${i}.name`)} />
              </Field>
              <Field label={t("fields.naic")} error={err(`insurers.${i}.naic`)}>
                <Input inputMode="numeric" maxLength={5} {...register(`insurers.${i}.naic`)} />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="sm:mt-7"
                aria-label={t("form.removeInsurer", { letter: row.letter })}
                disabled={insurers.fields.length === 1}
                onClick={() => insurers.remove(i)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          {insurers.fields.length < INSURER_LETTERS.length ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                insurers.append({
                  letter: INSURER_LETTERS.find((l) => !letters.includes(l)) ?? "F",
                  name: "",
                  naic: "",
                })
              }
            >
              <Plus aria-hidden />
              {t("form.addInsurer")}
            </Button>
          ) : null}
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("form.policies")}</legend>
          {errors.policies ? (
            <p role="alert" className="text-sm text-red-600">
              {err("policies")}
            </p>
          ) : null}
          {policies.fields.map((row, i) => {
            const kind = watch(`policies.${i}.kind`);
            return (
              <div
                key={row.id}
                className="grid gap-3 border-b border-slate-100 pb-4 last:border-0 last:pb-0"
                data-testid="policy-row"
              >
                <div className="grid items-start gap-3 sm:grid-cols-[1.4fr_5rem_1fr_auto]">
                  <Field label={t("fields.policyKind")} error={err(`policies.${i}.kind`)}>
                    <Select {...register(`policies.${i}.kind`)}>
                      {POLICY_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {t(`kinds.${k}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label={t("fields.insurer")} error={err(`policies.${i}.insurerLetter`)}>
                    <Select {...register(`policies.${i}.insurerLetter`)}>
                      {letters.map((l) => (
                        <option key={l} value={l}>
                          {l}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label={t("fields.policyNumber")} error={err(`policies.${i}.number`)}>
                    <Input maxLength={60} {...register(`policies.${i}.number`)} />
                  </Field>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="sm:mt-7"
                    aria-label={t("form.removePolicy")}
                    disabled={policies.fields.length === 1}
                    onClick={() => policies.remove(i)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                <div className="grid items-start gap-3 sm:grid-cols-2">
                  <Field label={t("fields.effectiveOn")} error={err(`policies.${i}.effectiveOn`)}>
                    <Input type="date" {...register(`policies.${i}.effectiveOn`)} />
                  </Field>
                  <Field label={t("fields.expiresOn")} error={err(`policies.${i}.expiresOn`)}>
                    <Input type="date" {...register(`policies.${i}.expiresOn`)} />
                  </Field>
                </div>
                <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {POLICY_LIMITS[kind].map((limit) => (
                    <Field
                      key={`${kind}-${limit}`}
                      label={t(`limits.${limit}`)}
                      error={err(`policies.${i}.limits.${limit}` as FieldPath<Values>)}
                    >
                      <Input
                        inputMode="decimal"
                        placeholder="1000000"
                        {...register(`policies.${i}.limits.${limit}`)}
                      />
                    </Field>
                  ))}
                </div>
              </div>
            );
          })}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              policies.append(
                newPolicy(POLICY_KINDS.find((k) => !watch("policies").some((p) => p.kind === k))),
              )
            }
            data-testid="add-policy"
          >
            <Plus aria-hidden />
            {t("form.addPolicy")}
          </Button>
        </fieldset>

        <Field label={t("fields.notes")} error={err("notes")}>
          <Textarea rows={2} maxLength={2000} {...register("notes")} />
        </Field>
        <div className="grid gap-1">
          <span className="text-sm font-medium text-slate-900">{t("fields.scan")}</span>
          <input
            ref={fileInput}
            type="file"
            accept={CERTIFICATE_FILE_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="certificate-file"
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
              {file || certificate?.file ? t("form.replaceFile") : t("form.chooseFile")}
            </Button>
            <span className="min-w-0 truncate text-sm text-slate-700">
              {file?.name ?? certificate?.file?.fileName ?? ""}
            </span>
          </span>
          <span className="text-xs text-slate-500">{t("form.fileHint")}</span>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={save.isPending}
          >
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-certificate">
            {save.isPending ? <Spinner className="text-current" /> : null}
            {t("form.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
