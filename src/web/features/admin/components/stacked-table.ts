/**
 * Class names that turn a table into a stack of cards below the `md` breakpoint, one DOM for
 * both layouts (so test ids and screen-reader rows are never duplicated). Each cell shows its
 * column name from `data-label` on phones, where the header row is hidden.
 */
export const stacked = {
  table: "max-md:block",
  head: "max-md:hidden",
  body: "max-md:block",
  row: "max-md:relative max-md:grid max-md:gap-2 max-md:px-4 max-md:py-4",
  cell: "max-md:flex max-md:min-w-0 max-md:items-center max-md:justify-between max-md:gap-4 max-md:p-0 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]",
  /** The cell that titles the card: no label, full width. */
  primary: "max-md:block max-md:p-0 max-md:pr-10",
  /** The row's menu button, pinned to the card's top-right corner. */
  corner: "max-md:absolute max-md:right-2 max-md:top-3 max-md:p-0",
} as const;
