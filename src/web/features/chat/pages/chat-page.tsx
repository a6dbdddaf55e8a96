import { ROUTES } from "@shared/access";
import type { ChatThread } from "@shared/chat/chat.schema";
import { chatThreadQuerySchema } from "@shared/chat/chat-query.schema";
import { Paperclip } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { PageHeader } from "../../../components/page-header";
import { Tabs, TabsList, TabsTrigger } from "../../../components/tabs";
import { Alert } from "../../../components/ui/feedback";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { useChatThreads } from "../api/chat";
import { Conversation } from "../components/conversation";

const FILTERS = ["unread"] as const;

/**
 * Chat (`/communications/chat`): dispatch and drivers, one conversation per driver. Staff pick a
 * driver from the conversations beside it (on a phone, the list or the conversation); a driver has
 * their one conversation with dispatch, full height, thumb-sized.
 */
export default function ChatPage() {
  const { data: me } = useMe();
  const { t } = useTranslation("chat");
  if (me?.role === "driver")
    return (
      <div className="mx-auto grid h-[calc(100dvh-8.5rem)] w-full max-w-3xl grid-cols-[minmax(0,1fr)] grid-rows-[auto_minmax(0,1fr)] gap-4 sm:h-[calc(100dvh-10rem)]">
        <PageHeader title={t("title")} description={t("driverDescription")} />
        {me.driver ? (
          <Conversation driverId={me.driver.id} asDriver />
        ) : (
          <Alert tone="warning">{t("noDriverRecord")}</Alert>
        )}
      </div>
    );
  return <StaffChat />;
}

function StaffChat() {
  const { t } = useTranslation("chat");
  const [params] = useSearchParams();
  const open = params.get("driver");
  const list = useListScreen(chatThreadQuerySchema, useChatThreads, {
    filters: FILTERS,
    fetchFailed: t("threads.fetchFailed"),
  });
  /** The same list and filters, with a driver's conversation open. */
  const hrefFor = (driverId: string | null) => {
    const next = new URLSearchParams(params);
    if (driverId) next.set("driver", driverId);
    else next.delete("driver");
    const qs = next.toString();
    return `${ROUTES.chat.path}${qs ? `?${qs}` : ""}`;
  };

  return (
    <div className="grid gap-4">
      <PageHeader title={t("title")} description={t("staffDescription")} />
      <div className="grid gap-4 lg:h-[calc(100dvh-13rem)] lg:min-h-[32rem] lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <div className={cn("min-h-0 overflow-y-auto", open && "max-lg:hidden")}>
          <ListPanel
            list={list}
            tabs={
              <Tabs
                value={list.filter.unread ? "unread" : "all"}
                onValueChange={(v) => list.update({ unread: v === "unread" ? "true" : null })}
              >
                <TabsList aria-label={t("threads.show")} className="mb-0 px-2">
                  <TabsTrigger value="all">{t("threads.all")}</TabsTrigger>
                  <TabsTrigger value="unread">{t("threads.unread")}</TabsTrigger>
                </TabsList>
              </Tabs>
            }
            search={{ label: t("threads.searchLabel"), hint: t("threads.searchHint") }}
            errorTitle={t("threads.fetchFailed")}
            empty={emptyCopy(t, "threads.empty")}
            render={(page) => (
              <ul className="divide-y divide-slate-100" data-testid="threads">
                {page.items.map((thread) => (
                  <ThreadRow
                    key={thread.driverId}
                    thread={thread}
                    to={hrefFor(thread.driverId)}
                    active={open === thread.driverId}
                  />
                ))}
              </ul>
            )}
          />
        </div>
        <div className={cn("min-h-0", !open && "max-lg:hidden", open && "h-[calc(100dvh-11rem)] lg:h-auto")}>
          {open ? (
            <Conversation key={open} driverId={open} asDriver={false} backTo={hrefFor(null)} />
          ) : (
            <div className="grid h-full place-items-center rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
              {t("pick")}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function ThreadRow({ thread, to, active }: { thread: ChatThread; to: string; active: boolean }) {
  const { t } = useTranslation("chat");
  const last = thread.last;
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? "true" : undefined}
        className={cn(
          "flex min-h-16 items-start gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500",
          active && "bg-brand-50 hover:bg-brand-50",
        )}
        data-testid="thread"
      >
        <div className="min-w-0 flex-1">
          <p
            className={cn("truncate text-sm text-slate-900", thread.unread ? "font-semibold" : "font-medium")}
          >
            {thread.driverName}
          </p>
          <p className="truncate text-sm text-slate-500">
            {last ? (
              <>
                {last.fromDriver ? null : <span>{t("threads.fromDispatch")} </span>}
                {last.hasAttachment ? (
                  <Paperclip className="mr-1 inline size-3.5" aria-label={t("threads.attachment")} />
                ) : null}
                {last.body}
              </>
            ) : (
              t("threads.noMessages")
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {last ? <span className="text-xs text-slate-500">{formatDateTime(last.createdAt)}</span> : null}
          {thread.unread ? (
            <span
              className="rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold leading-5 text-white"
              data-testid="thread-unread"
            >
              <span className="sr-only">{t("threads.unreadCount", { count: thread.unread })}</span>
              <span aria-hidden>{thread.unread}</span>
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
