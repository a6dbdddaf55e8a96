import {
  type ParkingReservation,
  RESERVATION_SORTS,
  RESERVATION_STATES,
  type ReservationSort,
  type ReservationState,
  reservationListQuerySchema,
} from "@shared/parking/parking.schema";
import { CalendarPlus, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ExportMenu } from "../../../components/list/export-menu";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPanel } from "../../../components/list/list-panel";
import { RowMenu } from "../../../components/list/row-menu";
import type { SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportReservations, useDeleteReservation, useReservations } from "../api/parking";
import { useParkingMessages } from "../parking-messages";

const ReservationFormDialog = lazyDialog(() =>
  import("./reservation-form-dialog").then((m) => m.ReservationFormDialog),
);

const FILTERS = ["vehicleId", "from", "to"] as const;

/** Parking reservations: upcoming (soonest first), past (latest first) or all; overlap refused per truck. */
export function ReservationsTab() {
  const { t } = useTranslation("parking");
  const messages = useParkingMessages();
  // The state is the pills' choice, not a filter: "Clear filters" keeps it.
  const list = useListScreen(reservationListQuerySchema, useReservations, {
    filters: FILTERS,
    fetchFailed: t("reservations.fetchFailed"),
  });
  const { filter, update } = list;
  const state: ReservationState = filter.state;
  // No sort in the address: upcoming soonest first, past most recent first (as the API does).
  const sort: ReservationSort = filter.sort ?? "startsAt";
  const dir: SortDir = filter.dir ?? (state === "upcoming" ? "asc" : "desc");

  const [editing, setEditing] = useState<ParkingReservation | null | undefined>(undefined);
  const [removing, setRemoving] = useState<ParkingReservation | null>(null);
  const remove = useDeleteReservation();

  const now = Date.now();
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify({ title: t("reservations.deleted"), variant: "success" });
        setRemoving(null);
      },
      onError: (error) =>
        notify({
          title: t("reservations.deleteFailed"),
          description: messages.error(error),
          variant: "error",
        }),
    });
  const cols = {
    starts: t("fields.startsAt"),
    ends: t("fields.endsAt"),
    location: t("fields.reservationLocation"),
    vehicle: t("fields.vehicle"),
    driver: t("fields.driver"),
    cost: t("fields.cost"),
  };

  return (
    <>
      <ListPanel
        list={{ ...list, sort, dir }}
        bare
        tabs={
          <fieldset className="flex gap-1 overflow-x-auto border-b border-slate-100 px-4 pt-3">
            <legend className="sr-only">{t("tabs.reservations")}</legend>
            {RESERVATION_STATES.map((s) => (
              <Button
                key={s}
                size="sm"
                variant={s === state ? "secondary" : "ghost"}
                aria-pressed={s === state}
                onClick={() => update({ state: s, sort: null, dir: null })}
                className="mb-3"
              >
                {t(`states.${s}`)}
              </Button>
            ))}
          </fieldset>
        }
        search={{ label: t("reservations.searchLabel"), hint: t("reservations.searchHint") }}
        actions={
          <>
            <ExportMenu
              filtered={list.filtered}
              run={(format) => exportReservations(format, filter)}
              heading={{ all: t("list.exportAll"), filtered: t("list.exportFiltered") }}
            />
            <Button
              className="flex-1 sm:flex-none"
              onClick={() => setEditing(null)}
              data-testid="new-reservation"
            >
              <CalendarPlus aria-hidden />
              {t("reservations.new")}
            </Button>
          </>
        }
        filters={
          <FilterGroup
            list={list}
            words={(word) => t(word === "vehicle" ? `fields.${word}` : `list.${word}`)}
            vehicle
            period={{ unbounded: true }}
          />
        }
        sortMenu={{ columns: RESERVATION_SORTS, field: (column) => t(`reservations.sorts.${column}`) }}
        errorTitle={t("reservations.fetchFailed")}
        empty={{
          title: t(`reservations.emptyTitle.${state}`),
          text: t("reservations.emptyText"),
          filteredTitle: t("list.filteredTitle"),
          filteredText: t("list.filteredText"),
        }}
        summary={(pageData) => (
          <div className="border-b border-slate-100 px-4 py-2 text-right text-sm text-slate-600">
            {t("list.total", { amount: formatMoney(pageData.totalCost) })}
          </div>
        )}
        tableLabel={t("tabs.reservations")}
        columns={[
          { label: cols.starts, sort: "startsAt", className: "pl-4" },
          { label: cols.ends, sort: "endsAt" },
          { label: cols.location, sort: "location" },
          { label: cols.vehicle },
          { label: cols.driver },
          { label: cols.cost, sort: "cost", className: "text-right [&>button]:ml-auto" },
          { label: <span className="sr-only">{t("list.actions")}</span>, className: "pr-4" },
        ]}
        row={(r) => {
          const running = Date.parse(r.startsAt) <= now && Date.parse(r.endsAt) > now;
          const hours = (Date.parse(r.endsAt) - Date.parse(r.startsAt)) / 3_600_000;
          return (
            <Tr className={stacked.row} data-testid={`reservation-row-${r.id}`}>
              <Td className={cn(stacked.primary, "pl-4")}>
                <span className="grid min-w-0">
                  <span className="flex items-center gap-2">
                    <time dateTime={r.startsAt} className="whitespace-nowrap font-medium text-slate-900">
                      {formatDateTime(r.startsAt)}
                    </time>
                    {running ? <Badge tone="success">{t("reservations.now")}</Badge> : null}
                  </span>
                  <span className="truncate text-sm text-slate-600 lg:hidden">{r.location}</span>
                </span>
              </Td>
              <Td data-label={cols.ends} className={stacked.cell}>
                <span className="grid">
                  <time dateTime={r.endsAt} className="whitespace-nowrap">
                    {formatDateTime(r.endsAt)}
                  </time>
                  <span className="text-xs text-slate-500">
                    {t("reservations.duration", { hours: formatNumber(hours, 1) })}
                  </span>
                </span>
              </Td>
              <Td data-label={cols.location} className={cn(stacked.cell, "max-lg:hidden")}>
                <span className="grid min-w-0">
                  <span className="block max-w-64 truncate">{r.location}</span>
                  {r.notes ? (
                    <span className="block max-w-64 truncate text-xs text-slate-500">{r.notes}</span>
                  ) : null}
                </span>
              </Td>
              <Td data-label={cols.vehicle} className={cn(stacked.cell, "font-medium")}>
                {r.vehicleLabel ?? "—"}
              </Td>
              <Td data-label={cols.driver} className={cn(stacked.cell, "text-slate-700")}>
                {r.driverName ?? "—"}
              </Td>
              <Td data-label={cols.cost} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                {formatMoney(r.cost)}
              </Td>
              <Td className={cn(stacked.corner, "pr-4 text-right")}>
                <RowMenu label={`${t("list.actions")} ${r.location}`}>
                  <DropdownMenuItem onSelect={() => setEditing(r)}>
                    <Pencil aria-hidden />
                    {t("list.edit")}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setRemoving(r)} className="text-red-700">
                    <Trash2 aria-hidden />
                    {t("reservations.deleteConfirm")}
                  </DropdownMenuItem>
                </RowMenu>
              </Td>
            </Tr>
          );
        }}
      />

      <ReservationFormDialog
        open={editing !== undefined}
        reservation={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("reservations.deleteTitle")}
        description={
          removing
            ? t("reservations.deleteText", {
                location: removing.location,
                from: formatDateTime(removing.startsAt),
              })
            : undefined
        }
        confirmLabel={t("reservations.deleteConfirm")}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
