import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import type { ListScreen } from "../../lib/use-list-screen";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/feedback";
import { Table, TBody, THead, Th } from "../ui/table";
import { ListPagination, type PageInfo } from "./list-pagination";
import { ListContent } from "./list-states";
import { ListToolbar } from "./list-toolbar";
import { SortSelect, type SortWording } from "./sort-select";
import { SortableHeader, type SortDir } from "./sortable-header";
import { stacked } from "./stacked-table";

/**
 * A table column: its header, and the sort it drives when the list can sort by it. A `key` names a
 * text header for the row, which gets the labels by key for its cells' `data-label`s (the phone's
 * stacked cards).
 */
export interface ListColumn<S extends string> {
  key?: string;
  label: ReactNode;
  sort?: S;
  className?: string;
}

/** The empty state's words: one pair for an empty list, one for filters that match nothing. */
export interface ListEmptyCopy {
  title: string;
  text: string;
  filteredTitle: string;
  filteredText: string;
  /** Offered when nothing is filtered (e.g. "New customer"); filters offer "Clear filters". */
  action?: ReactNode;
}

/** The empty state's words from `<prefix>.title`, `.text`, `.filteredTitle` and `.filteredText` of a namespace. */
export const emptyCopy = (t: (key: string) => string, prefix = "empty"): ListEmptyCopy => ({
  title: t(`${prefix}.title`),
  text: t(`${prefix}.text`),
  filteredTitle: t(`${prefix}.filteredTitle`),
  filteredText: t(`${prefix}.filteredText`),
});

/**
 * The body of every list screen, configured rather than copied: the toolbar (search, the screen's
 * filters, the phone sort menu, "Clear filters"), the four list states (error with retry, skeleton,
 * empty, rows), the table that stacks into cards below `lg` with its sortable headers, and the pager.
 * State comes from `useListScreen`; the screen supplies its words, filter controls, columns and
 * row. A screen that shows cards instead of a table passes `render` for the loaded page.
 */
export function ListPanel<S extends string, P extends PageInfo & { items: readonly unknown[] }>({
  list,
  search,
  toolbar = true,
  filters,
  sortMenu,
  tabs,
  actions,
  bare = false,
  errorTitle,
  errorDescription,
  empty,
  columns,
  tableLabel,
  row,
  render,
  summary,
  above,
  skeletonRows,
  className,
}: {
  list: ListScreen<S, P>;
  search: { label: string; hint: string };
  /** Off for a view with nothing to search or filter (a driver's own two trucks). */
  toolbar?: boolean;
  /** The filter controls, in toolbar order. */
  filters?: ReactNode;
  /** The phone sort menu (the headers sort on desktop). */
  sortMenu?: {
    label?: string;
    columns: readonly S[];
    directions?: readonly SortDir[];
    testId?: string;
    /** Default: phones only (the headers sort on desktop); a card list shows it at every width. */
    className?: string;
  } & SortWording<S>;
  /** Above the toolbar: the list's views (current / past / all), each a value of one of its filters. */
  tabs?: ReactNode;
  /** On the search's row: a tab's export and "New" (a page with one list keeps them in its header). */
  actions?: ReactNode;
  /** Without its own card: a tab of a page whose card already frames the tabs. */
  bare?: boolean;
  errorTitle: string;
  /** The failed load in the screen's own words (default: the common network message). */
  errorDescription?: string;
  empty: ListEmptyCopy;
  columns?: readonly ListColumn<S>[];
  tableLabel?: string;
  /** One row; `labels` are the keyed columns' headers, for the cells' `data-label`s. */
  row?: (item: P["items"][number], page: P, labels: Record<string, string>) => ReactNode;
  /** Instead of the table: renders the loaded page (cards, a board). */
  render?: (page: P) => ReactNode;
  /** Above the loaded rows, from the page's answer (the filtered set's totals). */
  summary?: (page: P) => ReactNode;
  /** Between the toolbar and the rows (a bulk-action bar, a notice). */
  above?: ReactNode;
  skeletonRows?: number;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const clearButton = (
    <Button variant="outline" size="sm" onClick={list.clear}>
      {t("common:actions.clearFilters")}
    </Button>
  );
  const Frame = bare ? Fragment : Card;
  const labels = Object.fromEntries(
    (columns ?? []).flatMap((c) => (c.key && typeof c.label === "string" ? [[c.key, c.label]] : [])),
  );
  return (
    <Frame {...(bare ? {} : { className: cn("overflow-hidden", className) })}>
      {tabs}
      {toolbar ? (
        <ListToolbar
          search={list.search}
          onSearch={list.onSearch}
          searchLabel={search.label}
          searchHint={search.hint}
          activeFilters={list.activeFilters}
          filtered={list.filtered}
          onClear={list.clear}
          updating={!!(list.query.isFetching && list.data)}
          actions={actions}
        >
          {filters}
          {sortMenu ? (
            <SortSelect {...sortMenu} sort={list.sort} dir={list.dir} onSort={list.onSort} />
          ) : null}
        </ListToolbar>
      ) : null}
      {above}
      <ListContent
        query={list.query}
        data={list.data}
        errorTitle={errorTitle}
        errorDescription={errorDescription}
        skeletonRows={skeletonRows}
        empty={
          <EmptyState
            title={list.filtered ? empty.filteredTitle : empty.title}
            description={list.filtered ? empty.filteredText : empty.text}
            action={list.filtered ? clearButton : empty.action}
          />
        }
      >
        {(page) => (
          <>
            {summary?.(page)}
            {render ? (
              render(page)
            ) : (
              <Table className={stacked.table} aria-label={tableLabel}>
                <THead className={stacked.head}>
                  <tr>
                    {columns?.map((column, i) =>
                      column.sort ? (
                        <SortableHeader
                          key={column.sort}
                          column={column.sort}
                          sort={list.sort}
                          dir={list.dir}
                          onSort={list.onSort}
                          className={column.className}
                        >
                          {column.label}
                        </SortableHeader>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of columns
                        <Th key={i} className={column.className}>
                          {column.label}
                        </Th>
                      ),
                    )}
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, list.retained && "opacity-60 transition-opacity")}>
                  {page.items.map((item, i) => (
                    <Fragment key={(item as { id?: string }).id ?? i}>{row?.(item, page, labels)}</Fragment>
                  ))}
                </TBody>
              </Table>
            )}
            <ListPagination of={page} onChange={list.update} />
          </>
        )}
      </ListContent>
    </Frame>
  );
}
