import { can } from "@shared/access";
import { AUTOMATED_EVENTS, NOTIFY_CHANNELS, type NotifyChannel } from "@shared/notifications/automated";
import type { AutomatedSwitch } from "@shared/notifications/preferences.schema";
import { Lock, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useAutomatedSwitches, useSaveAutomatedSwitches } from "../api/communications";
import { useCommunicationMessages } from "../communications-messages";

/**
 * The company's automated notifications (issue 16): each event that messages people on its own, who
 * it reaches, and whether it goes to the notifications centre, by email and by text. Admins and
 * managers switch them; dispatchers see them. A text still needs the recipient's recorded consent.
 */
export function AutomatedSwitches() {
  const { t } = useTranslation("communications");
  const messages = useCommunicationMessages();
  const me = useMe().data;
  const mayEdit = can(me ?? null, "automatedNotifications:manage");
  const current = useAutomatedSwitches();
  const save = useSaveAutomatedSwitches();
  const [rows, setRows] = useState<AutomatedSwitch[]>([]);
  useEffect(() => {
    if (current.data)
      setRows(current.data.switches.map(({ event, inApp, email, sms }) => ({ event, inApp, email, sms })));
  }, [current.data]);

  if (current.isPending) return <Spinner label={t("automated.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;
  const saved = current.data.switches;
  const set = (event: string, channel: NotifyChannel, on: boolean) =>
    setRows((rs) => rs.map((r) => (r.event === event ? { ...r, [channel]: on } : r)));
  const dirty = rows.some((r) => {
    const s = saved.find((x) => x.event === r.event);
    return !s || NOTIFY_CHANNELS.some((ch) => s[ch] !== r[ch]);
  });

  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid="automated-switches">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-slate-900">{t("automated.title")}</h2>
        <p className="text-sm text-slate-600">{t("automated.description")}</p>
      </div>
      {!mayEdit ? <Alert>{t("automated.readOnly")}</Alert> : null}
      {/* A table's columns on wide screens; on a phone each event stacks its three switches, named. */}
      <div className="grid text-sm">
        <div
          aria-hidden
          className="hidden border-b border-slate-200 text-xs font-semibold uppercase text-slate-500 sm:grid sm:grid-cols-[minmax(0,1fr)_repeat(3,6rem)]"
        >
          <span className="py-2 pr-3">{t("automated.event")}</span>
          {NOTIFY_CHANNELS.map((ch) => (
            <span key={ch} className="py-2 text-center">
              {t(`automated.channels.${ch}`)}
            </span>
          ))}
        </div>
        <ul className="contents">
          {rows.map((r) => {
            const info = AUTOMATED_EVENTS[r.event];
            const s = saved.find((x) => x.event === r.event);
            return (
              <li
                key={r.event}
                className="grid gap-1 border-b border-slate-100 py-2 sm:grid-cols-[minmax(0,1fr)_repeat(3,6rem)] sm:items-center sm:gap-0"
                data-testid={`automated-${r.event}`}
              >
                <span className="pr-3">
                  <span className="block font-medium text-slate-900">{t(`automated.events.${r.event}`)}</span>
                  <span className="block text-xs text-slate-500">
                    {t(`automated.recipients.${info.recipient}`)}
                    {s?.updatedByName && s.updatedAt
                      ? ` · ${t("automated.changedBy", { name: s.updatedByName, when: formatDateTime(s.updatedAt) })}`
                      : ""}
                  </span>
                </span>
                <span className="flex flex-wrap gap-x-4 sm:contents">
                  {NOTIFY_CHANNELS.map((ch) => {
                    const always = (info.always as readonly NotifyChannel[]).includes(ch);
                    const label = `${t(`automated.events.${r.event}`)}: ${t(`automated.channels.${ch}`)}`;
                    return (
                      <span key={ch} className="sm:text-center">
                        {always ? (
                          <span
                            className="inline-flex min-h-11 items-center gap-1 text-xs text-slate-500"
                            title={t("automated.always")}
                          >
                            <Lock className="size-3.5" aria-hidden />
                            <span className="sm:hidden">{t(`automated.channels.${ch}`)}:</span>
                            {t("automated.alwaysShort")}
                          </span>
                        ) : (
                          <label
                            className={cn(
                              "inline-flex min-h-11 min-w-11 items-center gap-2 sm:justify-center",
                              mayEdit ? "cursor-pointer" : "cursor-not-allowed",
                            )}
                          >
                            <input
                              type="checkbox"
                              className="size-5 accent-brand-700"
                              checked={r[ch]}
                              disabled={!mayEdit}
                              onChange={(e) => set(r.event, ch, e.target.checked)}
                              aria-label={label}
                              data-testid={`switch-${r.event}-${ch}`}
                            />
                            <span className="text-slate-700 sm:hidden" aria-hidden>
                              {t(`automated.channels.${ch}`)}
                            </span>
                          </label>
                        )}
                      </span>
                    );
                  })}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="text-xs text-slate-500">{t("automated.smsNote")}</p>
      {mayEdit ? (
        <div>
          <Button
            disabled={!dirty || save.isPending}
            onClick={() =>
              save.mutate(
                { switches: rows },
                {
                  onSuccess: () => notify({ title: t("automated.saved"), variant: "success" }),
                  onError: (error) =>
                    notify({
                      title: t("automated.failed"),
                      description: messages.error(error),
                      variant: "error",
                    }),
                },
              )
            }
            data-testid="save-automated"
          >
            {save.isPending ? <Spinner /> : <Save aria-hidden />}
            {t("automated.save")}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
