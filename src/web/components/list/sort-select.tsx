import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Select } from "../ui/input";
import type { SortDir } from "./sortable-header";

/**
 * The list's sort as one select, for phones (the table's sortable headers stack away there): every
 * column in both directions. `optionLabel` words one choice ("Pickup — newest first").
 */
export function SortSelect<C extends string>({
  label,
  columns,
  sort,
  dir,
  onSort,
  optionLabel,
  directions = ["asc", "desc"],
  className = "lg:hidden",
  testId,
}: {
  label: string;
  columns: readonly C[];
  sort: C;
  dir: SortDir;
  onSort: (column: C, dir: SortDir) => void;
  optionLabel: (column: C, dir: SortDir) => ReactNode;
  /** The order the two directions are offered in (newest-first lists offer "desc" first). */
  directions?: readonly SortDir[];
  className?: string;
  testId?: string;
}) {
  return (
    <Select
      aria-label={label}
      value={`${sort}:${dir}`}
      onChange={(e) => {
        const [column, nextDir] = e.target.value.split(":") as [C, SortDir];
        onSort(column, nextDir);
      }}
      className={cn(className)}
      data-testid={testId}
    >
      {columns.flatMap((column) =>
        directions.map((d) => (
          <option key={`${column}:${d}`} value={`${column}:${d}`}>
            {optionLabel(column, d)}
          </option>
        )),
      )}
    </Select>
  );
}
