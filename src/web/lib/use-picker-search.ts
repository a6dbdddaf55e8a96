import { useState } from "react";
import { useDebouncedValue } from "./use-debounced-value";

/**
 * A server-searched picker's text: `search` as typed, `q` the trimmed text sent to the server once
 * typing pauses, and `typing` while the two differ — the picker counts as busy from the keystroke
 * (its options are about to change under the pointer), not only while the request runs.
 */
export function usePickerSearch() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  return { search, setSearch, q, typing: search.trim() !== q };
}
