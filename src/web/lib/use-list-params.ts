import { PAGE_SIZES } from "@shared/api/api.schema";
import { useCallback, useContext, useMemo, useRef } from "react";
import { UNSAFE_DataRouterContext, useLocation, useNavigation, useSearchParams } from "react-router";

export const DEFAULT_PAGE_SIZE = 25;

export type ListParamPatch<K extends string> = Partial<
  Record<K | "page" | "pageSize", string | number | null>
>;

/**
 * A list's filters, sort and page kept in the URL, so reload, back/forward and shared links
 * show the same view. Values equal to their default are left out of the URL to keep it short.
 * Changing anything but the page sends the user back to page 1, where the new results start.
 * Pass `defaults` as a module-level constant: its identity keys the memoised values.
 */
export function useListParams<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // While a lazy page loads, this one stays mounted: a late update (the search box's debounce) must
  // not replace the navigation the user just started, e.g. a click on a row.
  const leaving = navigation.location !== undefined && navigation.location.pathname !== pathname;
  // The render's view can be a moment old: a debounce firing between the click and the re-render
  // still sees "not leaving". The router's live state says where it is going right now.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // React Router's functional setSearchParams sees the params of the last render, so two quick
  // updates (pick a customer, then a date) would lose the first. Chain them through a ref instead.
  const latest = useRef(params);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params; // the URL moved (our update landed, or back/forward): start from it
    latest.current = params;
  }

  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of Object.keys(defaults) as K[]) out[key] = params.get(key) ?? defaults[key];
    return out;
  }, [params, defaults]);

  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const sizeParam = Number(params.get("pageSize"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;

  const update = useCallback(
    (patch: ListParamPatch<K>, options: { replace?: boolean } = {}) => {
      if (leaving) return;
      if (router) {
        const { location, navigation: pending } = router.state;
        if (location.pathname !== pathname) return;
        if (pending.location && pending.location.pathname !== pathname) return;
      }
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(patch) as [string, string | number | null | undefined][]) {
        const fallback =
          key === "page" ? "1" : key === "pageSize" ? String(DEFAULT_PAGE_SIZE) : defaults[key as K];
        if (value === null || value === undefined || String(value) === "" || String(value) === fallback) {
          next.delete(key);
        } else {
          next.set(key, String(value));
        }
      }
      if (!("page" in patch)) next.delete("page");
      latest.current = next;
      setParams(next, { replace: options.replace });
    },
    [setParams, defaults, leaving, router, pathname],
  );

  return { values, page, pageSize, update };
}
