import { notificationQuerySchema } from "@shared/notifications/notification-query.schema";
import type { Notification } from "@shared/notifications/notifications.schema";
import { BellRing, CheckCheck, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Select } from "../../../components/ui/input";
import { lazyPanel } from "../../../components/ui/lazy";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useMarkAllRead, useMarkRead, useNotifications } from "../api/notifications";
import { notificationWords } from "../notification-words";

const FILTERS = ["unread"] as const;
const PreferencesForm = lazyPanel(() =>
  import("../components/notification-preferences").then((m) => m.NotificationPreferencesForm),
);

/** The notifications centre (`/notifications`): the reader's own, newest first, in their language. */
export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const navigate = useNavigate();
  const list = useListScreen(notificationQuerySchema, useNotifications, {
    filters: FILTERS,
    fetchFailed: t("centre.fetchFailed"),
  });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;

  const failed = (error: unknown) =>
    notify({ title: t("centre.markFailed"), description: describeError(error, t), variant: "error" });
  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id, { onError: failed });
    if (n.link) navigate(n.link);
  };
  const words = (n: Notification) => notificationWords(t, n);
  // `?preferences=1` (the footer of every notification email) opens the email and text choices.
  const [params, setParams] = useSearchParams();
  const preferencesOpen = params.get("preferences") === "1";
  const showPreferences = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set("preferences", "1");
        else next.delete("preferences");
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <PageHeader
        title={t("centre.title")}
        description={t("centre.description", { count: unread })}
        actions={
          <>
            <Button variant="outline" onClick={() => showPreferences(true)} data-testid="open-preferences">
              <BellRing aria-hidden />
              {t("preferences.open")}
            </Button>
            <Button
              variant="outline"
              disabled={!unread || markAll.isPending}
              onClick={() => markAll.mutate(undefined, { onError: failed })}
              data-testid="mark-all-read"
            >
              <CheckCheck aria-hidden />
              {t("centre.markAll")}
            </Button>
          </>
        }
      />
      <Dialog
        open={preferencesOpen}
        onOpenChange={showPreferences}
        title={t("preferences.title")}
        closeLabel={t("common:actions.close")}
        className="max-w-2xl"
      >
        {preferencesOpen ? <PreferencesForm onSaved={() => showPreferences(false)} /> : null}
      </Dialog>
      <ListPanel
        list={list}
        search={{ label: t("centre.searchLabel"), hint: t("centre.searchHint") }}
        filters={
          <Select
            aria-label={t("centre.show")}
            value={list.filter.unread ? "true" : ""}
            onChange={(e) => list.update({ unread: e.target.value || null })}
            className="lg:w-auto"
            data-testid="filter-unread"
          >
            <option value="">{t("centre.all")}</option>
            <option value="true">{t("centre.unreadOnly")}</option>
          </Select>
        }
        errorTitle={t("centre.fetchFailed")}
        empty={emptyCopy(t, "centre.empty")}
        render={(page) => (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm"
            data-testid="notification-list"
          >
            {page.items.map((n) => {
              const { title, body } = words(n);
              return (
                <li
                  key={n.id}
                  className={cn("flex gap-3 px-4 py-3", !n.readAt && "bg-brand-50/40")}
                  data-testid="notification"
                >
                  <span
                    className={cn(
                      "mt-1.5 size-2 shrink-0 rounded-full",
                      n.readAt ? "bg-transparent" : "bg-brand-600",
                    )}
                    aria-hidden
                  />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className={cn("text-sm text-slate-900", !n.readAt && "font-semibold")}>
                      {!n.readAt ? <span className="sr-only">{t("centre.unreadMark")} </span> : null}
                      {title}
                    </p>
                    {body ? <p className="text-sm text-slate-600">{body}</p> : null}
                    {n.note ? (
                      <p className="whitespace-pre-wrap text-sm italic text-slate-600">“{n.note}”</p>
                    ) : null}
                    <p className="text-xs text-slate-500">{formatDateTime(n.createdAt)}</p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
                    {n.link ? (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => open(n)}
                        data-testid="open-notification"
                      >
                        <ExternalLink aria-hidden />
                        {t("centre.open")}
                      </Button>
                    ) : null}
                    {!n.readAt ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => markRead.mutate(n.id, { onError: failed })}
                        data-testid="mark-read"
                      >
                        {t("centre.markRead")}
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      />
    </div>
  );
}
