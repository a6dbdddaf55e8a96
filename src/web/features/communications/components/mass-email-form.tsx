import { STAFF_ROLES } from "@shared/access";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX,
  type Attachment,
  type Audience,
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  massEmailInputSchema,
} from "@shared/communications/communications.schema";
import { MailWarning, Paperclip, Send, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { firstIssues } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { uploadAttachment, useRecipientPreview, useSendEmail, useSignature } from "../api/communications";
import { useCommunicationMessages } from "../communications-messages";
import { RecipientGroups } from "./recipient-groups";
import { SkippedRecipients } from "./skipped-recipients";
import { useDriversAndCustomers } from "./who-picker";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Mass email: to drivers, customers (their address and contacts) and staff roles, with the sender's
 * signature, attachments, now or at a time. The form keeps everything typed when the server refuses.
 */
export function MassEmailForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation(["communications", "common"]);
  const messages = useCommunicationMessages();
  const send = useSendEmail();
  const signature = useSignature();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const recipients = useDriversAndCustomers();
  const [roles, setRoles] = useState<string[]>([]);
  const [files, setFiles] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [when, setWhen] = useState<"now" | "later">("now");
  const tomorrow = new Date(Date.now() + 86_400_000);
  const [date, setDate] = useState(
    `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
  );
  const [time, setTime] = useState("08:00");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const audience: Audience = { ...recipients.audience, staffRoles: roles as Audience["staffRoles"] };
  const anyone = recipients.chosenAny || roles.length > 0;
  const preview = useRecipientPreview(audience, anyone);

  const addFiles = async (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    if (files.length + list.length > ATTACHMENTS_MAX) {
      notify({ title: t("errors.tooManyAttachments"), variant: "error" });
      return;
    }
    setUploading(true);
    try {
      for (const file of list) {
        if (file.size > ATTACHMENT_MAX_BYTES) {
          notify({ title: t("errors.fileTooLarge"), description: file.name, variant: "error" });
          continue;
        }
        const stored = await uploadAttachment(file);
        setFiles((f) => [...f, stored]);
      }
    } catch (error) {
      notify({ title: t("attachFailed"), description: messages.error(error), variant: "error" });
    } finally {
      setUploading(false);
    }
  };

  const submit = () => {
    const input = {
      subject,
      body,
      audience,
      attachmentIds: files.map((f) => f.id),
      scheduledAt: when === "later" ? new Date(`${date}T${time}`).toISOString() : undefined,
    };
    const parsed = massEmailInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = firstIssues(parsed.error);
      setErrors(found);
      // Spec section 5 / 8: "Missing Information" — subject and body cannot be empty.
      if (found.subject || found.body)
        notify({ title: t("missing.title"), description: t("errors.empty"), variant: "error" });
      return;
    }
    setErrors({});
    send.mutate(input, {
      onSuccess: (sent) => {
        notify({
          title: sent.status === "scheduled" ? t("scheduled") : t("queued"),
          description: t("queuedText", { count: Object.values(sent.counts).reduce((a, b) => a + b, 0) }),
          variant: "success",
        });
        setSubject("");
        setBody("");
        setFiles([]);
        onSent();
      },
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
        notify({ title: t("sendFailed"), description: messages.error(error), variant: "error" });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="mass-email-form"
    >
      <Card className="grid content-start gap-4 p-4 sm:p-6">
        <Field label={t("email.subject")} error={messages.field(errors.subject)}>
          <Input value={subject} maxLength={EMAIL_SUBJECT_MAX} onChange={(e) => setSubject(e.target.value)} />
        </Field>
        <Field label={t("email.body")} error={messages.field(errors.body)}>
          <Textarea
            rows={10}
            value={body}
            maxLength={EMAIL_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
          />
        </Field>
        <div
          className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600"
          data-testid="signature-preview"
        >
          {signature.data?.signature ? (
            <>
              <p className="text-xs font-medium text-slate-500">{t("email.signatureAdded")}</p>
              <p className="whitespace-pre-wrap">{signature.data.signature}</p>
            </>
          ) : (
            <p>{t("email.noSignature")}</p>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={uploading || files.length >= ATTACHMENTS_MAX}
              asChild
            >
              <label className="cursor-pointer">
                {uploading ? <Spinner /> : <Paperclip aria-hidden />}
                {t("email.attach")}
                <input
                  type="file"
                  multiple
                  accept="application/pdf,image/jpeg,image/png,image/webp"
                  className="sr-only"
                  onChange={(e) => {
                    void addFiles(e.target.files);
                    e.target.value = "";
                  }}
                  data-testid="email-attachments"
                />
              </label>
            </Button>
            <span className="text-xs text-slate-500">{t("email.attachHint")}</span>
          </div>
          {files.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {files.map((f) => (
                <li
                  key={f.id}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1 text-sm"
                >
                  {f.fileName}
                  <button
                    type="button"
                    className="grid size-7 place-items-center rounded-full hover:bg-slate-200"
                    aria-label={t("remove", { name: f.fileName })}
                    onClick={() => setFiles(files.filter((x) => x.id !== f.id))}
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Card>

      <div className="grid content-start gap-4">
        <Card className="grid gap-4 p-4">
          <h2 className="font-semibold text-slate-900">{t("email.recipients")}</h2>
          <RecipientGroups
            audience={audience}
            labels={recipients.labels}
            canSave={anyone}
            onLoad={(g) => {
              recipients.load(g.audience, g.labels);
              setRoles(g.audience.staffRoles ?? []);
            }}
          />
          {recipients.pickers}
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-900">{t("email.staff")}</legend>
            <div className="flex flex-wrap gap-x-4">
              {STAFF_ROLES.map((role) => (
                <label key={role} className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={roles.includes(role)}
                    onChange={(e) =>
                      setRoles(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
                    }
                  />
                  {t(`common:roles.${role}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {errors.audience ? (
            <p role="alert" className="text-sm text-red-600">
              {messages.field(errors.audience)}
            </p>
          ) : null}
          {anyone && preview.data ? (
            <div className="grid gap-2 text-sm" data-testid="recipient-preview">
              <p className="font-medium text-slate-900">
                {t("preview.count", { count: preview.data.count })}
              </p>
              {preview.data.unsubscribed ? (
                <p className="text-slate-600">
                  {t("preview.unsubscribed", { count: preview.data.unsubscribed })}
                </p>
              ) : null}
              <SkippedRecipients
                title={t("preview.noEmail", { count: preview.data.missing.length })}
                Icon={MailWarning}
                people={preview.data.missing}
                testId="no-email"
              />
            </div>
          ) : null}
        </Card>
        <Card className="grid gap-3 p-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">{t("email.when")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(["now", "later"] as const).map((w) => (
                <label key={w} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="when"
                    checked={when === w}
                    onChange={() => setWhen(w)}
                    className="size-4"
                  />
                  {t(`email.${w}`)}
                </label>
              ))}
            </div>
            {when === "later" ? (
              <div className="grid grid-cols-2 gap-3">
                <Field label={t("email.date")} error={messages.field(errors.scheduledAt)}>
                  <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
                </Field>
                <Field label={t("email.time")}>
                  <Input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
                </Field>
              </div>
            ) : null}
          </fieldset>
          <Button type="submit" disabled={send.isPending || uploading} data-testid="send-email">
            {send.isPending ? <Spinner /> : <Send aria-hidden />}
            {when === "now" ? t("email.sendNow") : t("email.schedule")}
          </Button>
        </Card>
      </div>
    </form>
  );
}
