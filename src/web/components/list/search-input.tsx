import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { Input } from "../ui/input";

/**
 * A search box that reports its value after the user pauses typing (300 ms), so the server is
 * queried once per search rather than once per keystroke. The hint is drawn over the empty box
 * and hidden from assistive tech, which reads the aria-label instead.
 */
export function SearchInput({
  value,
  onSearch,
  label,
  hint,
  className,
}: {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  hint: string;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text);
  const lastReported = useRef(value);

  // The URL is the source of truth: back/forward or "clear filters" must reach the box.
  useEffect(() => {
    if (value !== lastReported.current) {
      lastReported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = debounced.trim();
    if (next !== lastReported.current) {
      lastReported.current = next;
      onSearch(next);
    }
  }, [debounced, onSearch]);

  return (
    <div className={cn("relative", className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && text) {
            e.preventDefault();
            setText("");
          }
        }}
        className="pl-9 pr-9 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text ? null : (
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-9 right-3 flex items-center truncate text-sm text-slate-500"
        >
          {hint}
        </span>
      )}
      {text ? (
        <button
          type="button"
          onClick={() => setText("")}
          aria-label={t("list.clearSearch")}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
