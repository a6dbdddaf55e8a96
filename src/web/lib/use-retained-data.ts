import { useRef } from "react";

/**
 * The last data a list query returned, kept while the next page or filter loads, so the table
 * stays on screen (dimmed) instead of flashing a skeleton. `retained` is true while it shows
 * the previous answer rather than the current one.
 */
export function useRetainedData<T>(query: { data: T | undefined }): {
  data: T | undefined;
  retained: boolean;
} {
  const last = useRef(query.data);
  if (query.data !== undefined) last.current = query.data;
  return { data: last.current, retained: query.data === undefined && last.current !== undefined };
}
