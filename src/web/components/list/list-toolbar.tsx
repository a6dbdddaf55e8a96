import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Spinner } from "../ui/feedback";
import { SearchInput } from "./search-input";

/**
 * A list's search plus filters. On phones the filters fold away behind one button (with the number
 * that are set), so the list starts on screen; the "updating" spinner and "Clear filters" close the
 * row. Put the filter controls (and the phone `SortSelect`) in `children`; `actions` (a tab's export
 * and "New" when the page header belongs to several lists) sit on the search's row, wrapping below it
 * on a phone.
 */
export function ListToolbar({
  search,
  onSearch,
  searchLabel,
  searchHint,
  activeFilters,
  filtered,
  onClear,
  updating,
  actions,
  children,
}: {
  search: string;
  onSearch: (q: string) => void;
  searchLabel: string;
  searchHint: string;
  activeFilters: number;
  filtered: boolean;
  onClear: () => void;
  updating: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="grid grid-cols-1 gap-3 border-b border-slate-100 p-4">
      <div className="flex flex-wrap gap-2 lg:gap-3">
        {/* The search and its filters button stay on one row; the actions wrap below on a phone. */}
        <div className="flex min-w-0 flex-1 basis-64 gap-2 lg:gap-3">
          <SearchInput
            value={search}
            onSearch={onSearch}
            label={searchLabel}
            hint={searchHint}
            className="min-w-0 flex-1"
          />
          <Button
            variant="outline"
            className="shrink-0 lg:hidden"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
            data-testid="toggle-filters"
          >
            <SlidersHorizontal aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("list.filters")}</span>
            {activeFilters > 0 ? (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
                {activeFilters}
              </span>
            ) : null}
          </Button>
        </div>
        {actions ? <div className="flex w-full gap-2 sm:w-auto">{actions}</div> : null}
      </div>
      <div
        id={id}
        className={cn(
          "gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center",
          open ? "grid" : "hidden lg:flex",
        )}
      >
        {children}
        <div className="flex items-center gap-3 empty:hidden sm:col-span-2 lg:ml-auto">
          {updating ? <Spinner label={t("list.updating")} className="text-xs" /> : null}
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={onClear}>
              {t("actions.clearFilters")}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
