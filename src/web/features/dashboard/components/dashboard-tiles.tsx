import { canOpen, type RouteKey, routePath, type User } from "@shared/access";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";

export interface Tile {
  key: string;
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  tone?: "neutral" | "warning" | "danger" | "good";
  /** The screen it opens (only when the role may open it), with its filter. */
  to?: { route: RouteKey; search?: string; params?: Record<string, string> };
}

const TONES = {
  neutral: "text-slate-900",
  warning: "text-amber-700",
  danger: "text-red-700",
  good: "text-emerald-700",
};

/** A group of live figures; each is a link to the screen that lists its rows. */
export function TileGroup({
  title,
  user,
  tiles,
  children,
}: {
  title: string;
  user: User;
  tiles: Tile[];
  children?: ReactNode;
}) {
  const id = `dash-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {tiles.map((tile) => {
          const body = (
            <>
              <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{tile.label}</span>
              <span
                className={cn(
                  "text-lg font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl",
                  TONES[tile.tone ?? "neutral"],
                )}
              >
                {tile.value}
              </span>
              {tile.sub ? <span className="text-xs text-slate-500">{tile.sub}</span> : null}
            </>
          );
          const className =
            "grid min-w-0 content-start gap-1 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-sm";
          const to = tile.to && canOpen(user, tile.to.route) ? tile.to : null;
          return to ? (
            <Link
              key={tile.key}
              to={`${routePath(to.route, to.params ?? {})}${to.search ?? ""}`}
              className={cn(
                className,
                "transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
              )}
              data-testid={`tile-${tile.key}`}
            >
              {body}
            </Link>
          ) : (
            <div key={tile.key} className={className} data-testid={`tile-${tile.key}`}>
              {body}
            </div>
          );
        })}
      </div>
      {children}
    </section>
  );
}
