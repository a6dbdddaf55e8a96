import { PAGE_SIZES } from "@shared/api/api.schema";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";
import { Select } from "./input";

/** Pager for server-side lists. Texts come from the caller so this stays free of business words. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  labels,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  labels: { previous: string; next: string; summary: string; pageSize: string };
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 px-3 py-3 text-sm text-slate-600 sm:flex-row">
      <span>{labels.summary}</span>
      <div className="flex items-center gap-2">
        {onPageSizeChange ? (
          <Select
            aria-label={labels.pageSize}
            className="h-8 w-24"
            value={pageSize}
            onChange={(e) => onPageSizeChange(Number(e.target.value))}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        ) : null}
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft />
          <span className="sr-only sm:not-sr-only">{labels.previous}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          <span className="sr-only sm:not-sr-only">{labels.next}</span>
          <ChevronRight />
        </Button>
      </div>
    </div>
  );
}
