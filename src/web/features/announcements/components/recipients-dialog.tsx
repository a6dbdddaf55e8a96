import type { Announcement } from "@shared/announcements/announcements.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Tabs, TabsList, TabsTrigger } from "../../../components/tabs";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { formatDateTime } from "../../../lib/format";
import { useRecipients } from "../api/announcements";

const VIEWS = ["all", "read", "unread"] as const;

/** Who received a delivered announcement and when each read it. */
export function RecipientsDialog({
  open,
  announcement,
  onOpenChange,
}: {
  open: boolean;
  announcement: Announcement | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["announcements", "common"]);
  const [view, setView] = useState<(typeof VIEWS)[number]>("all");
  const [page, setPage] = useState(1);
  const recipients = useRecipients(announcement?.id ?? null, view === "all" ? undefined : view, page);
  const data = recipients.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Dialog
      open={open && !!announcement}
      onOpenChange={onOpenChange}
      title={t("recipients.title", { title: announcement?.title ?? "" })}
      description={
        announcement
          ? t("recipients.summary", { read: announcement.read, count: announcement.recipients })
          : undefined
      }
      closeLabel={t("common:actions.close")}
    >
      <Tabs
        value={view}
        onValueChange={(v) => {
          setView(v as (typeof VIEWS)[number]);
          setPage(1);
        }}
      >
        <TabsList aria-label={t("recipients.show")}>
          {VIEWS.map((v) => (
            <TabsTrigger key={v} value={v}>
              {t(`recipients.views.${v}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {recipients.isPending ? (
        <Spinner label={t("common:loading")} />
      ) : recipients.isError ? (
        <p className="text-sm text-red-700">{t("recipients.fetchFailed")}</p>
      ) : !data?.items.length ? (
        <p className="py-6 text-center text-sm text-slate-500">{t("recipients.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="recipients">
          {data.items.map((r) => (
            <li key={r.userId} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{r.name}</span>
                <span className="text-xs text-slate-500">{t(`common:roles.${r.role}`)}</span>
              </span>
              <span className={r.readAt ? "text-emerald-700" : "text-slate-500"}>
                {r.readAt
                  ? t("recipients.readAt", { at: formatDateTime(r.readAt) })
                  : t("recipients.notRead")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="flex items-center justify-between gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("common:pagination.previous")}
          </Button>
          <span>{t("recipients.page", { page, pages })}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("common:pagination.next")}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
