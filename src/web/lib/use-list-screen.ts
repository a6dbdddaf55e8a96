import { useCallback } from "react";
import type { z } from "zod";
import type { SortDir } from "../components/list/sortable-header";
import { useErrorToast } from "./use-error-toast";
import type { ListParamPatch } from "./use-list-params";
import { listQueryDefaults, useListQuery } from "./use-list-query";
import { useRetainedData } from "./use-retained-data";

type Shape = Record<string, z.ZodType>;
type Filter<T extends Shape> = Omit<z.output<z.ZodObject<T>>, "page" | "pageSize">;
type SortOf<T extends Shape> = T extends { sort: z.ZodType<infer S> } ? Extract<S, string> : never;

/**
 * How many of the toolbar's filters are set — a filter is set when it differs from its default (the
 * driver list defaults to "active only", which is not a filter the user chose) — and whether the
 * list is narrowed at all (a search counts, though it is not one of the folded-away filters).
 */
export function filterState(
  filter: Record<string, unknown>,
  defaults: Record<string, string>,
  keys: readonly string[],
) {
  const set = (key: string) => String(filter[key] ?? "") !== (defaults[key] ?? "");
  const activeFilters = keys.filter(set).length;
  return { activeFilters, filtered: activeFilters > 0 || set("q") };
}

/** What a list's query hook answers (a TanStack query of one page). */
export interface ListPageQuery<P> {
  data: P | undefined;
  /** When the server sent `data` (the offline notice names it, decision 062). */
  dataUpdatedAt: number;
  error: unknown;
  errorUpdatedAt: number;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Everything a list screen keeps, from its shared query schema and its query hook: the URL state
 * (typed filter, page, size), the page on screen (the previous one kept, dimmed, while the next
 * loads), one toast per failed load, and the toolbar's wiring — search, sort, "filtered", the count
 * of filters set and "Clear filters". `filters` names the schema fields the toolbar's controls set
 * (search is `q`, counted as filtering but not as a set filter). Hand the result to `ListPanel`.
 *
 * `schema`, `useItems` and `options.extra` must be module-level (their identity keys memoised state).
 */
export function useListScreen<
  T extends Shape,
  P extends { items: readonly unknown[] },
  E extends string = never,
>(
  schema: z.ZodObject<T>,
  useItems: (query: Filter<T> & { page: number; pageSize: number }) => ListPageQuery<P>,
  options: {
    filters: readonly Extract<keyof T, string>[];
    fetchFailed: string;
    extra?: Record<E, string>;
    /** What the screen may ask for, from the URL's filter (e.g. a driver cannot filter by driver). */
    narrow?: (filter: Filter<T>) => Filter<T>;
  },
) {
  const { filter: parsed, values, page, pageSize, update } = useListQuery(schema, options.extra);
  const filter = options.narrow ? options.narrow(parsed) : parsed;
  const query = useItems({ ...filter, page, pageSize });
  useErrorToast(query, options.fetchFailed);
  const { data, retained } = useRetainedData(query);

  const fields = filter as Record<string, unknown>;
  const { activeFilters, filtered } = filterState(
    fields,
    listQueryDefaults(schema as unknown as z.ZodObject<Shape>, options.extra),
    options.filters,
  );
  const keys = options.filters;

  const onSearch = useCallback(
    (q: string) => update({ q } as ListParamPatch<Extract<keyof T, string> | E>, { replace: true }),
    [update],
  );
  const onSort = useCallback(
    (column: SortOf<T>, dir: SortDir) =>
      update({ sort: column, dir } as ListParamPatch<Extract<keyof T, string> | E>),
    [update],
  );
  const clear = useCallback(() => {
    const patch: Record<string, null> = { q: null };
    for (const key of keys) patch[key] = null;
    update(patch as ListParamPatch<Extract<keyof T, string> | E>);
  }, [update, keys]);

  return {
    /** The schema's fields, parsed from the URL (invalid values fall back to their defaults). */
    filter,
    /** The raw URL strings (`extra` keys included). */
    values,
    page,
    pageSize,
    update,
    /** The list's query; `data` is what to render. */
    query,
    data,
    retained,
    sort: fields.sort as SortOf<T>,
    dir: (fields.dir === "desc" ? "desc" : "asc") as SortDir,
    onSort,
    onSearch,
    search: (values as Record<string, string | undefined>).q ?? "",
    filtered,
    activeFilters,
    clear,
  };
}

export type ListScreen<
  S extends string = string,
  P extends { items: readonly unknown[] } = { items: readonly unknown[] },
> = {
  query: ListPageQuery<P>;
  data: P | undefined;
  retained: boolean;
  sort: S;
  dir: SortDir;
  onSort: (column: S, dir: SortDir) => void;
  onSearch: (q: string) => void;
  search: string;
  filtered: boolean;
  activeFilters: number;
  clear: () => void;
  update: (patch: { page: number } | { pageSize: number }) => void;
};
