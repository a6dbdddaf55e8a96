import type { RouteKey, User } from "@shared/access";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { cn } from "../../lib/cn";
import {
  navHref,
  navSectionsFor,
  navViews,
  openViewOf,
  routeTitleKey,
  useRouteKey,
} from "../../lib/navigation";
import { ROUTE_ICONS, VIEW_ICONS } from "../../lib/route-icons";

/** Only the screens the role may open; the server refuses the rest anyway. */
export function SidebarNav({
  user,
  hidden = false,
  counts = {},
  onNavigate,
}: {
  user: User;
  /** Unread counts shown beside a screen's link (chat). */
  counts?: Partial<Record<RouteKey, number>>;
  /** While a temporary password must be replaced every link would bounce back, so none are shown. */
  hidden?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("nav");
  const current = useRouteKey();
  const { search } = useLocation();

  const sections = hidden ? [] : navSectionsFor(user);
  return (
    <nav aria-label={t("common:shell.mainNav")} className="flex flex-col gap-5 px-3 py-4">
      {sections.map((section) => (
        <div key={section.group}>
          <h2
            id={`nav-group-${section.group}`}
            className="px-2.5 pb-1.5 text-[11px] font-semibold uppercase tracking-wider text-slate-500"
          >
            {t(`groups.${section.group}`)}
          </h2>
          <ul
            className="grid grid-cols-[minmax(0,1fr)] gap-0.5"
            aria-labelledby={`nav-group-${section.group}`}
          >
            {section.items.flatMap((key) => {
              const view = current === key ? openViewOf(key, search) : undefined;
              return [
                <li key={key}>
                  <SidebarLink
                    to={navHref(key)}
                    label={t(routeTitleKey(key))}
                    Icon={ROUTE_ICONS[key]}
                    active={current === key && !view}
                    count={counts[key]}
                    onNavigate={onNavigate}
                  />
                </li>,
                ...navViews(key).map((v) => (
                  <li key={`${key}?${v.search}`}>
                    <SidebarLink
                      to={`${navHref(key)}?${v.search}`}
                      label={t(v.label)}
                      Icon={VIEW_ICONS[v.label] ?? ROUTE_ICONS[key]}
                      active={view === v.label}
                      onNavigate={onNavigate}
                    />
                  </li>
                )),
              ];
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SidebarLink({
  to,
  label,
  Icon,
  active,
  count,
  onNavigate,
}: {
  to: string;
  count?: number;
  label: string;
  Icon: LucideIcon;
  /** Decided by the screen open (a screen with a path parameter or views is matched by its key). */
  active: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={cn(
        "group flex min-h-9 items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium max-md:min-h-11 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        active && "bg-brand-50 text-brand-700 hover:bg-brand-50 hover:text-brand-700",
      )}
    >
      <Icon
        className={cn(
          "size-4 shrink-0 text-slate-500 group-hover:text-slate-600",
          active && "text-brand-600 group-hover:text-brand-600",
        )}
        aria-hidden
      />
      {/* Long labels (Spanish, French) wrap inside the sidebar rather than run past it. */}
      <span className="min-w-0 leading-tight">{label}</span>
      {count ? (
        <span className="ml-auto rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold leading-5 text-white">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
