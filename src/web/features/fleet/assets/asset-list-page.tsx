import { can } from "@shared/access";
import { Plus } from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ExportMenu } from "../../../components/list/export-menu";
import { type ListColumn, ListPanel } from "../../../components/list/list-panel";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { useCreateParam } from "../../../lib/create-param";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { useMe } from "../../../lib/session";
import type { ListScreen } from "../../../lib/use-list-screen";
import type { ExportFormat } from "../api/fleet";
import type { AssetName, AssetWords } from "./asset-kind";

type Page = { items: readonly unknown[]; page: number; pageSize: number; total: number; today: string };

/** A kind's list: its query and filter controls, its columns and row; the page does the rest. */
export type AssetListKind<S extends string, P extends Page, D extends { id: string }> = {
  name: AssetName;
  words: AssetWords;
  /** The list's state (`useListScreen` over the kind's schema), its filter controls and its export. */
  useList: (fetchFailed: string) => {
    list: ListScreen<S, P>;
    filters: ReactNode;
    exportRows: (format: ExportFormat) => Promise<unknown>;
  };
  sorts: readonly S[];
  /** Column headers, keyed for the row's `data-label`s. */
  columns: (t: (key: string) => string) => ReadonlyArray<ListColumn<S> & { key: string; label: string }>;
  Row: ComponentType<{ item: P["items"][number]; today: string; columns: Record<string, string> }>;
  /** Whether an empty list offers "New" (vehicles do; an empty trailer list only says so). */
  emptyAction: boolean;
  FormDialog: ComponentType<{
    onOpenChange: (open: boolean) => void;
    onSaved?: (saved: D) => void;
  }>;
  detailPath: (id: string) => string;
};

/**
 * The vehicles' and the trailers' list (one page, two kinds): staff manage the fleet; a driver sees
 * the truck they drive and the trailer they pull, without the toolbar.
 */
export function AssetListPage<S extends string, P extends Page, D extends { id: string }>({
  kind,
}: {
  kind: AssetListKind<S, P, D>;
}) {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const driver = me?.role === "driver";
  const canWrite = can(me ?? null, "fleet:write");
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useCreateParam(() => setCreating(true), canWrite);
  const { words, name } = kind;
  const { list, filters, exportRows } = kind.useList(t(`${words}.fetchFailed`));
  const columns = kind.columns(t);
  const labels = Object.fromEntries(columns.map((c) => [c.key, c.label]));

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t(driver ? `${words}.driverTitle` : `${words}.title`)}
        description={t(driver ? `${words}.driverDescription` : `${words}.description`)}
        actions={
          <>
            <ExportMenu
              filtered={list.filtered}
              run={exportRows}
              testId={`export-${words}`}
              heading={{ all: t("export.all"), filtered: t("export.filtered") }}
            />
            {canWrite ? (
              <Button
                className="flex-1 sm:flex-none"
                onClick={() => setCreating(true)}
                data-testid={`new-${name}`}
              >
                <Plus aria-hidden />
                {t(`${words}.new`)}
              </Button>
            ) : null}
          </>
        }
      />

      <ListPanel
        list={list}
        toolbar={!driver}
        search={{ label: t(`${words}.searchLabel`), hint: t(`${words}.searchHint`) }}
        filters={filters}
        sortMenu={{ columns: kind.sorts, field: (column) => t(`sorts.${column}`) }}
        errorTitle={t(`${words}.fetchFailed`)}
        empty={{
          title: t(driver ? `${words}.emptyDriver` : `${words}.empty`),
          text: t(driver ? `${words}.emptyDriverText` : `${words}.emptyText`),
          filteredTitle: t("list.emptyFiltered"),
          filteredText: t("list.emptyFilteredText"),
          action:
            canWrite && kind.emptyAction ? (
              <Button size="sm" onClick={() => setCreating(true)}>
                <Plus aria-hidden />
                {t(`${words}.new`)}
              </Button>
            ) : null,
        }}
        tableLabel={t(`${words}.title`)}
        columns={columns.map(({ key: _key, ...column }) => column)}
        row={(item, page) => <kind.Row item={item} today={page.today} columns={labels} />}
      />

      {creating ? (
        <kind.FormDialog
          onOpenChange={setCreating}
          onSaved={(saved) => navigate(kind.detailPath(saved.id), { state: AFTER_CREATE })}
        />
      ) : null}
    </div>
  );
}
