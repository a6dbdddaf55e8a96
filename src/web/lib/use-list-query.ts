import type { z } from "zod";
import { type ListParamPatch, useListParams } from "./use-list-params";

type Shape = Record<string, z.ZodType>;
const PAGING = new Set(["page", "pageSize"]);
const NO_EXTRA = {};

const cache = new WeakMap<object, WeakMap<object, Record<string, string>>>();
/**
 * The URL form of each field's default ("" when it has none; `extra` keys as given): a value equal
 * to its default stays out of the URL. Memoised per schema and `extra`, so its identity is stable.
 */
export function listQueryDefaults(schema: z.ZodObject<Shape>, extra: Record<string, string> = NO_EXTRA) {
  const byExtra = cache.get(schema) ?? new WeakMap<object, Record<string, string>>();
  cache.set(schema, byExtra);
  const cached = byExtra.get(extra);
  if (cached) return cached;
  const out: Record<string, string> = { ...extra };
  for (const [key, field] of Object.entries(schema.shape)) {
    if (PAGING.has(key)) continue;
    const parsed = field.safeParse(undefined);
    out[key] = parsed.success && parsed.data !== undefined ? String(parsed.data) : "";
  }
  byExtra.set(extra, out);
  return out;
}

/** Each field of the schema parsed from its URL string; an invalid value becomes the field's default. */
export function parseListFilter<T extends Shape>(
  schema: z.ZodObject<T>,
  values: Record<string, string | undefined>,
): Omit<z.output<z.ZodObject<T>>, "page" | "pageSize"> {
  const filter: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    if (PAGING.has(key)) continue;
    const raw = values[key];
    const parsed = field.safeParse(raw === "" || raw === undefined ? undefined : raw);
    filter[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
  }
  return filter as Omit<z.output<z.ZodObject<T>>, "page" | "pageSize">;
}

/**
 * A list's URL state read through the list's own shared query schema (the one the server validates
 * with): every filter, sort and direction comes out typed, and a hand-edited or stale value (an
 * unknown status, a malformed date) falls back to the field's default instead of reaching the API.
 * `extra` names URL keys the schema does not own (an open dialog's id), kept as strings. Built on
 * `useListParams` (page 1 after any change, defaults left out of the URL, back/forward safe).
 *
 * Pass module-level constants for `schema` and `extra`: their identity keys the memoised defaults.
 */
export function useListQuery<T extends Shape, E extends string = never>(
  schema: z.ZodObject<T>,
  extra?: Record<E, string>,
) {
  const defaults = listQueryDefaults(schema as unknown as z.ZodObject<Shape>, extra) as Record<
    Extract<keyof T, string> | E,
    string
  >;
  const { values, page, pageSize, update } = useListParams(defaults);
  return {
    /** The schema's fields, parsed (page and pageSize are separate). */
    filter: parseListFilter(schema, values),
    /** The raw URL strings, `extra` keys included. */
    values,
    page,
    pageSize,
    update: update as (
      patch: ListParamPatch<Extract<keyof T, string> | E>,
      options?: { replace?: boolean },
    ) => void,
  };
}
