import type { NotificationKind } from "@shared/notifications/notifications.schema";
import type {
  NotificationPreferences,
  NotifyChannel,
  PushTopic,
} from "@shared/notifications/preferences.schema";
import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { notify } from "../../../lib/toast";
import { useNotificationPreferences, useSaveNotificationPreferences } from "../api/notifications";
import { PushDevice } from "./push-device";

type Choice = Record<"email" | "sms", Set<NotificationKind>> & { push: Set<PushTopic> };
type Channel = "email" | "sms" | "push";

/**
 * A user's own choices (issue 16): everything reaches the notifications centre; each of their kinds
 * may also come by email and, with recorded consent, by text — in the language they use the app in.
 * A channel the company switched off for an automated event shows as such. Settings reuse it.
 * Push (issue 41): this device is turned on at the top; the Push column picks what is pushed to the
 * user's devices, chat messages included (a push follows the centre: off when the company turned the
 * kind off in the app).
 */
export function NotificationPreferencesForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation("notifications");
  const { t: common } = useTranslation();
  const current = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [choice, setChoice] = useState<Choice>({ email: new Set(), sms: new Set(), push: new Set() });
  useEffect(() => {
    if (current.data)
      setChoice({
        email: new Set(current.data.email),
        sms: new Set(current.data.sms),
        push: new Set(current.data.push),
      });
  }, [current.data]);

  if (current.isPending) return <Spinner label={t("preferences.title")} />;
  if (current.isError || !current.data)
    return <Alert tone="danger">{describeError(current.error, t) || t("preferences.loadFailed")}</Alert>;
  const p: NotificationPreferences = current.data;
  const off = (kind: PushTopic, channel: NotifyChannel) =>
    p.companyOff.some((o) => o.kind === kind && o.channel === channel);
  const smsPossible = !!p.phone && p.smsConsent === "opted_in";
  const toggle = (channel: Channel, kind: PushTopic, on: boolean) =>
    setChoice((c) => {
      const next = new Set<PushTopic>(c[channel]);
      if (on) next.add(kind);
      else next.delete(kind);
      return { ...c, [channel]: next };
    });
  // Chat is not a notification kind: a row of its own with only the Push box.
  const rows: PushTopic[] = [...p.kinds, ...(p.pushTopics.includes("chat") ? (["chat"] as const) : [])];
  const has = (channel: Channel, kind: PushTopic) => (choice[channel] as Set<PushTopic>).has(kind);

  return (
    <div className="grid gap-4" data-testid="notification-preferences">
      <PushDevice />
      <p className="text-sm text-slate-600">
        {t("preferences.description", { language: common(`languages.${p.language}`) })}
      </p>
      <ul className="grid gap-1 text-sm text-slate-600">
        <li>{t("preferences.emailTo", { address: p.emailAddress })}</li>
        <li>
          {!p.phone
            ? t("preferences.noPhone")
            : p.smsConsent === "opted_in"
              ? t("preferences.smsTo", { phone: p.phone })
              : p.smsConsent === "opted_out"
                ? t("preferences.optedOut")
                : t("preferences.noConsent")}
        </li>
      </ul>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase text-slate-500">
            <th className="py-2 pr-2 font-semibold">{t("preferences.kind")}</th>
            <th className="w-14 py-2 text-center font-semibold sm:w-20">{t("preferences.email")}</th>
            <th className="w-14 py-2 text-center font-semibold sm:w-20">{t("preferences.sms")}</th>
            <th className="w-14 py-2 text-center font-semibold sm:w-20">{t("preferences.push")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((kind) => (
            <tr key={kind} data-testid={`pref-${kind}`}>
              <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-800">
                {t(`preferences.labels.${kind}`)}
              </th>
              {(["email", "sms", "push"] as const).map((channel) => {
                if (kind === "chat" && channel !== "push") return <td key={channel} />;
                // A push is the centre's copy on a device: the company's in-app switch governs it.
                const companyOff = off(kind, channel === "push" ? "inApp" : channel);
                const disabled = companyOff || (channel === "sms" && !smsPossible);
                return (
                  <td key={channel} className="text-center">
                    <label
                      className={cn(
                        "inline-flex min-h-11 min-w-11 items-center justify-center",
                        disabled ? "cursor-not-allowed" : "cursor-pointer",
                      )}
                      title={companyOff ? t("preferences.companyOff") : undefined}
                    >
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700"
                        checked={!companyOff && has(channel, kind)}
                        disabled={disabled}
                        onChange={(e) => toggle(channel, kind, e.target.checked)}
                        aria-label={`${t(`preferences.labels.${kind}`)}: ${t(`preferences.${channel}`)}${companyOff ? ` (${t("preferences.companyOff")})` : ""}`}
                        data-testid={`pref-${channel}-${kind}`}
                      />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {p.companyOff.length ? (
        <p className="text-xs text-slate-500">{t("preferences.companyOffNote")}</p>
      ) : null}
      <div>
        <Button
          onClick={() =>
            save.mutate(
              { email: [...choice.email], sms: [...choice.sms], push: [...choice.push] },
              {
                onSuccess: () => {
                  notify({ title: t("preferences.saved"), variant: "success" });
                  onSaved?.();
                },
                onError: (error) =>
                  notify({
                    title: t("preferences.failed"),
                    description: describeError(error, t),
                    variant: "error",
                  }),
              },
            )
          }
          disabled={save.isPending}
          data-testid="save-preferences"
        >
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          {t("preferences.save")}
        </Button>
      </div>
    </div>
  );
}
