/**
 * Class names that turn a table into a stack of cards below `lg` (phones, and tablets where the
 * sidebar leaves too little width), with one DOM for both layouts so test ids and screen-reader
 * rows are never duplicated. Each cell shows its column name from `data-label` where the header
 * row is hidden.
 */
export const stacked = {
  table: "max-lg:block",
  head: "max-lg:hidden",
  body: "max-lg:block",
  // One column that may shrink below its content: a long location truncates instead of widening the card.
  row: "max-lg:relative max-lg:grid max-lg:grid-cols-[minmax(0,1fr)] max-lg:gap-2 max-lg:px-4 max-lg:py-4",
  cell: "max-lg:flex max-lg:min-w-0 max-lg:items-center max-lg:justify-between max-lg:gap-4 max-lg:p-0 max-lg:text-right max-lg:before:shrink-0 max-lg:before:text-left max-lg:before:text-xs max-lg:before:font-medium max-lg:before:text-slate-500 max-lg:before:content-[attr(data-label)]",
  /** The cell that titles the card: no label, full width. */
  primary: "max-lg:block max-lg:min-w-0 max-lg:p-0 max-lg:pr-10",
  /** The row's menu button, pinned to the card's top-right corner. */
  corner: "max-lg:absolute max-lg:right-2 max-lg:top-3 max-lg:p-0",
} as const;
