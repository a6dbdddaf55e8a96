import type { RouteKey } from "@shared/access";
import { ArrowUpRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import { navHref, routeTitleKey } from "../../../lib/navigation";
import { ROUTE_ICONS } from "../../../lib/route-icons";

/** A screen the user may open, with what it is for. */
export function QuickLinkCard({ routeKey, className }: { routeKey: RouteKey; className?: string }) {
  const { t } = useTranslation("nav");
  const Icon = ROUTE_ICONS[routeKey];
  return (
    <Link
      to={navHref(routeKey)}
      data-testid={`quick-link-${routeKey}`}
      className={cn(
        "group relative flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        className,
      )}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-slate-50 text-slate-600 ring-1 ring-slate-200 transition group-hover:bg-brand-50 group-hover:text-brand-700 group-hover:ring-brand-100">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1 pr-4">
        <span className="block text-sm font-semibold text-slate-900">{t(routeTitleKey(routeKey))}</span>
        <span className="mt-0.5 block text-xs leading-relaxed text-slate-500">
          {t(`descriptions.${routeKey}`)}
        </span>
      </span>
      <ArrowUpRight
        className="absolute right-3 top-3 size-4 text-slate-300 transition group-hover:text-brand-600"
        aria-hidden
      />
    </Link>
  );
}
