import { type Location, locationListQuerySchema } from "@shared/locations/locations.schema";
import { Clock, MapPin, Pencil, Phone, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PlaceBadge } from "../../../components/geo/place-status";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useDeleteLocation, useLocations } from "../api/locations";

const LocationFormDialog = lazyDialog(() =>
  import("../components/location-form-dialog").then((m) => m.LocationFormDialog),
);

/** The address book: the shippers and receivers dispatch picks while typing a stop (decision 034). */
export default function LocationsPage() {
  const { t } = useTranslation("locations");
  const list = useListScreen(locationListQuerySchema, useLocations, {
    filters: [],
    fetchFailed: t("list.fetchFailed"),
  });
  const [editing, setEditing] = useState<Location | "new" | null>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const remove = useDeleteLocation();
  return (
    <ListPage
      title={t("list.title")}
      description={t("list.description")}
      actions={
        <Button className="flex-1 sm:flex-none" onClick={() => setEditing("new")} data-testid="new-location">
          <Plus aria-hidden />
          {t("list.new")}
        </Button>
      }
    >
      <ListPanel
        list={list}
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          ...emptyCopy(t, "list.empty"),
          action: (
            <Button size="sm" onClick={() => setEditing("new")}>
              <Plus aria-hidden />
              {t("list.new")}
            </Button>
          ),
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "name", label: t("fields.name"), className: "pl-4" },
          { key: "address", label: t("list.address") },
          { key: "contact", label: t("list.contact") },
          { key: "hours", label: t("fields.hours") },
          { key: "uses", label: t("list.uses"), className: "text-right" },
          { label: "", className: "pr-4" },
        ]}
        row={(l, _page, labels) => (
          <Tr key={l.id} className={stacked.row} data-testid="location-row">
            <Td className={cn(stacked.primary, "pl-4")}>
              <p className="font-medium text-slate-900">{l.name}</p>
              {l.customerName ? <p className="text-xs text-slate-500">{l.customerName}</p> : null}
            </Td>
            <Td data-label={labels.address} className={cn(stacked.cell, "text-slate-700")}>
              <span className="inline-flex items-start gap-1.5">
                <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                <span className="grid justify-items-start gap-1">
                  <span>
                    {l.address}, {l.city}, {l.state} {l.postalCode}
                  </span>
                  <PlaceBadge status={l.geoStatus} precision={l.geoPrecision} />
                </span>
              </span>
            </Td>
            <Td data-label={labels.contact} className={cn(stacked.cell, "text-slate-700")}>
              {l.contactName || l.contactPhone ? (
                <span className="grid">
                  {l.contactName ? <span>{l.contactName}</span> : null}
                  {l.contactPhone ? (
                    <a
                      href={`tel:${l.contactPhone.replace(/[^\d+]/g, "")}`}
                      className="text-brand-700 hover:underline"
                    >
                      <Phone className="me-1 inline size-3.5" aria-hidden />
                      {l.contactPhone}
                    </a>
                  ) : null}
                </span>
              ) : (
                "—"
              )}
            </Td>
            <Td data-label={labels.hours} className={cn(stacked.cell, "text-slate-700")}>
              {l.hours ? (
                <span className="inline-flex items-start gap-1.5">
                  <Clock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                  {l.hours}
                </span>
              ) : (
                "—"
              )}
            </Td>
            <Td data-label={labels.uses} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
              {formatNumber(l.uses)}
            </Td>
            <Td className={cn(stacked.cell, "pr-4")}>
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-10"
                  aria-label={t("list.edit", { name: l.name })}
                  onClick={() => setEditing(l)}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-10 text-red-600 hover:bg-red-50"
                  aria-label={t("list.delete", { name: l.name })}
                  onClick={() => setDeleting(l)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </Td>
          </Tr>
        )}
      />
      <LocationFormDialog
        open={editing !== null}
        location={editing === "new" ? null : editing}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        description={t("deleteText")}
        confirmLabel={t("list.deleteShort")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify({ title: t("deleted", { name: deleting.name }), variant: "success" });
              setDeleting(null);
            },
            onError: (error) =>
              notify({ title: t("saveFailed"), description: describeError(error, t), variant: "error" }),
          })
        }
      />
    </ListPage>
  );
}
