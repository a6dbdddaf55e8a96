import { SMS_BODY_MAX, smsSegments, smsText } from "@shared/communications/sms";
import { type SmsBlastResult, smsBlastInputSchema } from "@shared/communications/sms.schema";
import { MessageSquareWarning, PhoneOff, Send } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { firstIssues } from "../../../lib/form-errors";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useSendSms, useSmsPreview } from "../api/communications";
import { useCommunicationMessages } from "../communications-messages";
import { SkippedRecipients } from "./skipped-recipients";
import { useDriversAndCustomers } from "./who-picker";

/**
 * SMS blast: to drivers and customers' contacts with a phone and recorded consent. The counter
 * shows what the recipient receives (the company's name and the opt-out line included).
 */
export function SmsBlastForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation("communications");
  const messages = useCommunicationMessages();
  const send = useSendSms();
  const [body, setBody] = useState("");
  const recipients = useDriversAndCustomers();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { audience } = recipients;
  const anyone = recipients.audience.drivers !== "none" || recipients.audience.customers !== "none";
  const preview = useSmsPreview(audience, true);
  const company = preview.data?.company ?? "";
  const count = smsSegments(smsText(company, body || " "));
  // The provider is set in the server's settings: an admin is told where, everyone else whom to ask.
  const isAdmin = useMe().data?.role === "admin";
  const noProvider = t(isAdmin ? "sms.noProviderAdmin" : "sms.noProviderOffice");

  /** The outcome in the office's words and counts: sent on their way, or not sent and why. */
  const tellOutcome = (result: SmsBlastResult) => {
    const skipped = result.skipped ? ` ${t("sms.skipped", { count: result.skipped })}` : "";
    if (result.notSent > 0)
      notify({
        title: t("sms.notSentTitle", { count: result.notSent }),
        description: `${noProvider}${skipped}`,
        variant: "error",
      });
    else if (result.queued > 0)
      notify({
        title: t("sms.queuedTitle", { count: result.queued }),
        description: `${t("sms.queuedText")}${skipped}`,
        variant: "success",
      });
    else notify({ title: t("sms.noneTitle"), description: t("sms.noneText"), variant: "error" });
  };

  const submit = () => {
    const parsed = smsBlastInputSchema.safeParse({ body, audience });
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (result) => {
        tellOutcome(result);
        setBody("");
        onSent();
      },
      onError: (error) =>
        notify({ title: t("sendFailed"), description: messages.error(error), variant: "error" }),
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
      data-testid="sms-form"
    >
      <Card className="grid content-start gap-4 p-4 sm:p-6">
        {preview.data && !preview.data.providerConfigured ? (
          <Alert tone="warning">
            <span data-testid="sms-no-provider">{noProvider}</span>
          </Alert>
        ) : null}
        <Field label={t("sms.body")} error={messages.field(errors.body ? t("sms.bodyRequired") : undefined)}>
          <Textarea
            rows={5}
            value={body}
            maxLength={SMS_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
          />
        </Field>
        <div className="grid gap-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
          <p className="text-xs font-medium text-slate-500">{t("sms.asSent")}</p>
          <p className="whitespace-pre-wrap break-words" data-testid="sms-as-sent">
            {smsText(company, body)}
          </p>
          <p className="text-xs" data-testid="sms-counter">
            {t("sms.counter", {
              characters: count.characters,
              count: count.segments,
              encoding: count.encoding,
            })}
          </p>
        </div>
      </Card>
      <div className="grid content-start gap-4">
        <Card className="grid gap-4 p-4">
          <h2 className="font-semibold text-slate-900">{t("email.recipients")}</h2>
          {recipients.pickers}
          {errors.audience ? (
            <p role="alert" className="text-sm text-red-600">
              {t("errors.noRecipients")}
            </p>
          ) : null}
          {anyone && preview.data ? (
            <div className="grid gap-2 text-sm" data-testid="sms-preview">
              <p className="font-medium text-slate-900">{t("sms.count", { count: preview.data.count })}</p>
              {preview.data.noConsent ? (
                <p className="flex items-start gap-1.5 text-slate-600">
                  <MessageSquareWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {t("sms.noConsent", { count: preview.data.noConsent })}
                </p>
              ) : null}
              <SkippedRecipients
                title={t("sms.noPhone", { count: preview.data.noPhone.length })}
                Icon={PhoneOff}
                people={preview.data.noPhone}
              />
            </div>
          ) : null}
          <Button type="submit" disabled={send.isPending} data-testid="send-sms">
            {send.isPending ? <Spinner /> : <Send aria-hidden />}
            {t("sms.send")}
          </Button>
        </Card>
      </div>
    </form>
  );
}
