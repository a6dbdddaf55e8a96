import {
  MEETING_DURATIONS,
  MEETING_MESSAGES,
  MEETING_PROVIDERS,
  type MeetingProvider,
  meetingInputSchema,
  REMINDER_MINUTES,
} from "@shared/meetings/meetings.schema";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input, Select, Textarea } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-errors";
import { issuesByPath } from "../../../lib/form-errors";
import { notify } from "../../../lib/toast";
import { useMessageMap } from "../../../lib/use-message-map";
import { simulatedZoomLink, useScheduleMeeting, zoomCredentials } from "../api/meetings";

const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(MEETING_MESSAGES).map(([key, message]) => [message, `errors.${key}`]),
);
const pad = (n: number) => String(n).padStart(2, "0");

/** Schedule a meeting: topic, time, duration, where (room, pasted link, Zoom-type), participants by email. */
export function MeetingDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["meetings", "common"]);
  const messages = useMessageMap("meetings", KNOWN);
  const save = useScheduleMeeting();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [provider, setProvider] = useState<MeetingProvider>("room");

  const submit = (form: FormData) => {
    let joinUrl = String(form.get("joinUrl") ?? "");
    if (provider === "zoom") {
      // Spec section 8: without the service's credentials, "Zoom-type API not configured".
      if (!zoomCredentials()) {
        notify({
          title: t("zoom.notConfigured"),
          description: t("zoom.notConfiguredText"),
          variant: "error",
        });
        return;
      }
      joinUrl = simulatedZoomLink();
    }
    const participants = String(form.get("participants") ?? "")
      .split(/[\s,;]+/)
      .filter(Boolean);
    const input = {
      topic: String(form.get("topic") ?? ""),
      startsAt: new Date(`${form.get("date")}T${form.get("time") || "00:00"}`).toISOString(),
      durationMinutes: Number(form.get("duration")),
      provider,
      joinUrl: provider === "room" ? undefined : joinUrl,
      participants,
      reminderMinutes: Number(form.get("reminder")),
      agenda: String(form.get("agenda") ?? ""),
    };
    const parsed = meetingInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: (m) => {
        notify({
          title: t("scheduled"),
          description: t("invited", { count: m.participants.length }),
          variant: "success",
        });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
        notify({ title: t("scheduleFailed"), description: messages.error(error), variant: "error" });
      },
    });
  };
  const participantError = Object.entries(errors).find(([k]) => k.startsWith("participants"))?.[1];

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title={t("new")}
      description={t("help")}
      closeLabel={t("common:actions.close")}
      className="max-w-xl"
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit(new FormData(e.currentTarget));
        }}
        data-testid="meeting-form"
      >
        <Field label={t("form.topic")} error={messages.field(errors.topic)}>
          <Input name="topic" maxLength={200} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t("form.date")} error={messages.field(errors.startsAt)}>
            <Input
              name="date"
              type="date"
              defaultValue={`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`}
            />
          </Field>
          <Field label={t("form.time")}>
            <Input name="time" type="time" defaultValue="09:00" />
          </Field>
          <Field label={t("form.duration")}>
            <Select name="duration" defaultValue="30">
              {MEETING_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {t("minutes", { count: d })}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">{t("form.where")}</legend>
          {MEETING_PROVIDERS.map((p) => (
            <label key={p} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="provider"
                checked={provider === p}
                onChange={() => setProvider(p)}
                className="size-4"
              />
              {t(`providers.${p}`)}
            </label>
          ))}
          {provider === "link" ? (
            <Field label={t("form.link")} error={messages.field(errors.joinUrl)}>
              <Input name="joinUrl" type="url" placeholder="https://" />
            </Field>
          ) : null}
        </fieldset>
        <Field
          label={t("form.participants")}
          hint={t("form.participantsHint")}
          error={messages.field(participantError)}
        >
          <Textarea name="participants" rows={3} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t("form.reminder")}>
            <Select name="reminder" defaultValue="15">
              {REMINDER_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {m ? t("before", { count: m }) : t("noReminder")}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label={t("form.agenda")} hint={t("form.optional")}>
          <Textarea name="agenda" rows={3} maxLength={2000} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="schedule-meeting">
            {save.isPending ? <Spinner /> : <CalendarPlus aria-hidden />}
            {t("form.schedule")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
