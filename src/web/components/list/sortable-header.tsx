import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Th } from "../ui/table";

export type SortDir = "asc" | "desc";

/**
 * A column header that sorts the server-side list. The first click sorts ascending, the next
 * flips; `aria-sort` tells screen readers which column drives the order.
 */
export function SortableHeader<S extends string>({
  column,
  sort,
  dir,
  onSort,
  children,
  className,
}: {
  column: S;
  sort: S;
  dir: SortDir;
  onSort: (column: S, dir: SortDir) => void;
  children: ReactNode;
  className?: string;
}) {
  const active = column === sort;
  const Icon = !active ? ChevronsUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <Th aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className={className}>
      <button
        type="button"
        onClick={() => onSort(column, active && dir === "asc" ? "desc" : "asc")}
        className={cn(
          "-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 text-left uppercase tracking-wide hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
          active && "text-slate-800",
        )}
      >
        {children}
        <Icon className={cn("size-3.5 shrink-0", !active && "text-slate-300")} aria-hidden />
      </button>
    </Th>
  );
}
