import type { User } from "@shared/access";
import type { SearchResult } from "@shared/search/search.schema";
import { useQuery } from "@tanstack/react-query";
import { CornerDownLeft, Search } from "lucide-react";
import { type KeyboardEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Input } from "../../../components/ui/input";
import { api } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { paletteEntries } from "../palette-actions";
import { findAll, wordsOf } from "../palette-match";

type Hit = {
  key: string;
  label: string;
  detail: string;
  path: string;
  group: "screens" | "action" | SearchResult["kind"];
};

/** At most this many screens and actions above the records. */
const FOUND_LIMIT = 8;

/**
 * The command palette (Ctrl/Cmd+K, for everyone, no AI key needed): the screens the user may open and
 * the actions they may take ("Add bill" opens the Bills screen with its form open), found by their
 * names and by what they are for ("expense", "pay a driver", "IFTA") in the user's language, accents
 * or not (`palette-match.ts`); and records by name or number from `/api/search` (only what the user
 * may see). Arrows move, Enter opens, Escape closes.
 */
export function CommandPalette({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User;
}) {
  const { t } = useTranslation(["search", "common", "nav"]);
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  const term = useDebouncedValue(q.trim(), 200);
  const records = useQuery({
    queryKey: ["search", term],
    queryFn: ({ signal }) => api.get("/api/search", { query: { q: term }, signal }),
    enabled: open && term.length >= 2,
    staleTime: 30_000,
  });

  const entries = useMemo(() => paletteEntries(user, (key) => t(key, { defaultValue: "" })), [user, t]);
  const stopWords = useMemo(() => new Set(wordsOf(t("palette.stopWords"))), [t]);
  const hits: Hit[] = [
    // Screens before actions when they match as well ("fuel" opens the fuel log, "log fuel" its form).
    ...(q.trim()
      ? findAll(q, entries, stopWords, FOUND_LIMIT)
      : entries.filter((e) => e.group === "screens").slice(0, 6)),
    ...(term.length >= 2 && term === q.trim() ? (records.data?.items ?? []) : []).map((r) => ({
      key: `${r.kind}:${r.id}`,
      label: r.label,
      detail: r.detail,
      path: r.path,
      group: r.kind,
    })),
  ];
  const at = Math.min(active, Math.max(hits.length - 1, 0));
  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    onOpenChange(false);
    setQ("");
    navigate(hit.path);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, hits.length - 1));
    else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
    else if (e.key === "Enter") go(hits[at]);
    else return;
    e.preventDefault();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("palette.title")}
      closeLabel={t("common:actions.close")}
      className="max-w-xl gap-3 p-4 sm:p-5"
    >
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <Input
          autoFocus
          aria-label={t("palette.label")}
          placeholder={t("palette.placeholder")}
          className="pl-9"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKey}
          data-testid="palette-input"
        />
      </div>
      <ul aria-label={t("palette.results")} className="grid max-h-[60vh] gap-0.5 overflow-y-auto">
        {hits.map((hit, i) => (
          <li key={hit.key}>
            <button
              type="button"
              aria-current={i === at ? "true" : undefined}
              className={cn(
                "flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm",
                i === at ? "bg-brand-50 text-brand-900" : "text-slate-800 hover:bg-slate-50",
              )}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(hit)}
              data-testid="palette-hit"
            >
              <span className="w-20 shrink-0 text-xs text-slate-500">{t(`palette.kinds.${hit.group}`)}</span>
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{hit.label}</span>
                {hit.detail ? <span className="truncate text-xs text-slate-500">{hit.detail}</span> : null}
              </span>
              {i === at ? <CornerDownLeft className="size-4 shrink-0 text-slate-500" aria-hidden /> : null}
            </button>
          </li>
        ))}
        {term.length >= 2 && records.isFetching ? (
          <li className="px-3 py-2">
            <Spinner label={t("palette.searching")} />
          </li>
        ) : null}
        {!hits.length && !records.isFetching ? (
          <li className="px-3 py-6 text-center text-sm text-slate-500">{t("palette.nothing")}</li>
        ) : null}
      </ul>
      <p className="text-xs text-slate-500">{t("palette.hint")}</p>
    </Dialog>
  );
}
