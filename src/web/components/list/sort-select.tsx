import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { Select } from "../ui/input";
import type { SortDir } from "./sortable-header";

/** How a sort choice is worded: the column's name (the common "Name (ascending)"), or the whole option. */
export type SortWording<C extends string> =
  | { field: (column: C) => string; optionLabel?: never }
  | { optionLabel: (column: C, dir: SortDir) => ReactNode; field?: never };

/**
 * The list's sort as one select, for phones (the table's sortable headers stack away there): every
 * column in both directions. Each choice reads "<field> (ascending)" in the reader's language from
 * the screen's `field` names, or the screen words it whole with `optionLabel` ("Pickup — newest first").
 */
export function SortSelect<C extends string>({
  label,
  columns,
  sort,
  dir,
  onSort,
  field,
  optionLabel,
  directions = ["asc", "desc"],
  className = "lg:hidden",
  testId,
}: {
  /** Default: "Sort by". */
  label?: string;
  columns: readonly C[];
  sort: C;
  dir: SortDir;
  onSort: (column: C, dir: SortDir) => void;
  /** The order the two directions are offered in (newest-first lists offer "desc" first). */
  directions?: readonly SortDir[];
  className?: string;
  testId?: string;
} & SortWording<C>) {
  const { t } = useTranslation("common");
  const word = (column: C, d: SortDir): ReactNode =>
    optionLabel
      ? optionLabel(column, d)
      : t("list.sortOption", { field: field(column), dir: t(`list.dir.${d}`) });
  return (
    <Select
      aria-label={label ?? t("list.sortBy")}
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
            {word(column, d)}
          </option>
        )),
      )}
    </Select>
  );
}
