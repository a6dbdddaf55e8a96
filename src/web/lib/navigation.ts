import {
  canOpen,
  homePathFor,
  NAV_GROUPS,
  type NavGroup,
  ROUTES,
  type RouteDef,
  type RouteKey,
  routePath,
  type User,
} from "@shared/access";
import { useMatches } from "react-router";

/** `/reports` lands here; the reports screen picks its report from the path. */
export const DEFAULT_REPORT_ID = "overview";

export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

const def = (key: RouteKey): RouteDef => ROUTES[key];

/** Where a link to a screen points; parameterised screens open on their default. */
export function navHref(key: RouteKey): string {
  return key === "reports" ? routePath("reports", { reportId: DEFAULT_REPORT_ID }) : def(key).path;
}

/** The screen's name: its sidebar label, or (for screens without one) its route key, both under `nav:`. */
export function routeTitleKey(key: RouteKey): string {
  return `nav:${def(key).nav?.label ?? key}`;
}

/** The sidebar's further links to views of a screen (its tabs), each a query string. */
export function navViews(key: RouteKey): readonly { label: string; search: string }[] {
  return def(key).nav?.views ?? [];
}

/** The view a location's query string shows, among a screen's sidebar views (every parameter matches). */
export function openViewOf(key: RouteKey, search: string): string | undefined {
  const current = new URLSearchParams(search);
  return navViews(key).find((v) =>
    [...new URLSearchParams(v.search)].every(([name, value]) => current.get(name) === value),
  )?.label;
}

export function navGroupOf(key: RouteKey): NavGroup | undefined {
  return def(key).nav?.group;
}

export interface NavSection {
  group: NavGroup;
  items: RouteKey[];
}

/**
 * The sidebar of a role: every route with a nav entry the role may open, in NAV_GROUPS order.
 * "/" is left out for roles it only redirects (drivers, customers): their own home is listed instead.
 */
export function navSectionsFor(user: User, exclude: readonly RouteKey[] = []): NavSection[] {
  const skip = new Set<RouteKey>(exclude);
  if (homePathFor(user.role) !== ROUTES.home.path) skip.add("home");
  return NAV_GROUPS.map((group) => ({
    group,
    items: ROUTE_KEYS.filter((k) => def(k).nav?.group === group && canOpen(user, k) && !skip.has(k)),
  })).filter((s) => s.items.length > 0);
}

/** Carried by every route object so guards, titles and the generic pages know which screen is open. */
export interface RouteHandle {
  routeKey: RouteKey;
}

export function useRouteKey(): RouteKey | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as Partial<RouteHandle> | undefined;
    if (handle?.routeKey) return handle.routeKey;
  }
  return undefined;
}
