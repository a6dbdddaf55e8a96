import { ROUTES } from "@shared/access";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "../../../lib/api";
import { ROUTE_ICONS } from "../../../lib/route-icons";

const Bell = ROUTE_ICONS.notifications;
/** The notifications queries' root key (api/notifications.ts): an event refreshes them all. */
const unreadKey = ["notifications", "unread"] as const;

/** The bell's and the sidebar's counts: unread notifications, and unread chat messages for those who chat. */
export function useUnreadCounts(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => api.get("/api/notifications/unread-count", { signal }),
    enabled,
  }).data;
}

/**
 * The header's bell on every signed-in screen: the unread count, live. The events stream (one per
 * browser, shared between its tabs) downloads after the first paint; it refreshes the counts and
 * shows a new notification or chat message as a toast.
 */
export function NotificationBell({ count, isDriver }: { count: number; isDriver: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import("../live/notification-stream").then(({ followNotifications }) => {
      if (!left) stop = followNotifications({ client, navigate, i18n, isDriver });
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [client, navigate, i18n, isDriver]);

  return (
    <Link
      to={ROUTES.notifications.path}
      className="relative grid size-10 shrink-0 place-items-center rounded-full max-md:size-11 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      aria-label={t("shell.bell", { count })}
      data-testid="notification-bell"
    >
      <Bell className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          className="absolute right-0.5 top-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white"
          data-testid="notification-count"
          aria-hidden
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
