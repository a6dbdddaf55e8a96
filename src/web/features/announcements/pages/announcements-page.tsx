import { announcementQuerySchema } from "@shared/announcements/announcement-query.schema";
import type { Announcement, AnnouncementStatus } from "@shared/announcements/announcements.schema";
import { Ban, Eye, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { ListTabs } from "../../../components/list/list-tabs";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useAnnouncementMessages } from "../announcements-messages";
import { useAnnouncements, useCancelAnnouncement } from "../api/announcements";

const AnnouncementFormDialog = lazyDialog(() =>
  import("../components/announcement-form-dialog").then((m) => m.AnnouncementFormDialog),
);
const RecipientsDialog = lazyDialog(() =>
  import("../components/recipients-dialog").then((m) => m.RecipientsDialog),
);

const FILTERS = ["status"] as const;
const VIEWS = ["all", "scheduled", "delivered", "cancelled"] as const;
const TONES: Record<AnnouncementStatus, "info" | "success" | "neutral"> = {
  scheduled: "info",
  delivered: "success",
  cancelled: "neutral",
};

/**
 * Custom notifications (`/notifications/custom`, admin and manager): announcements to staff and
 * drivers — delivered now or scheduled for later by the job queue, editable and cancellable until
 * they go out, with who has read each.
 */
export default function AnnouncementsPage() {
  const { t } = useTranslation(["announcements", "common"]);
  const messages = useAnnouncementMessages();
  const list = useListScreen(announcementQuerySchema, useAnnouncements, {
    filters: FILTERS,
    fetchFailed: t("fetchFailed"),
  });
  const [editing, setEditing] = useState<{ announcement: Announcement | null } | null>(null);
  const [cancelling, setCancelling] = useState<Announcement | null>(null);
  const [readers, setReaders] = useState<Announcement | null>(null);
  const cancel = useCancelAnnouncement();
  const cols = {
    title: t("columns.title"),
    deliverAt: t("columns.deliverAt"),
    audience: t("columns.audience"),
    status: t("columns.status"),
    read: t("columns.read"),
  };
  const audienceOf = (a: Announcement) => {
    const staff =
      a.audience === "staff"
        ? t("audiences.staff")
        : a.audience === "roles"
          ? a.roles.map((r) => t(`common:roles.${r}`)).join(", ")
          : a.audience === "people"
            ? t("peopleCount", { count: a.people.length })
            : "";
    return [staff, a.visibleToDrivers ? t("drivers") : ""].filter(Boolean).join(" + ");
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={() => setEditing({ announcement: null })} data-testid="new-announcement">
            <Plus aria-hidden />
            {t("new")}
          </Button>
        }
      />
      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="status"
            values={VIEWS}
            fallback="all"
            label={t("views.label")}
            tabLabel={(v) => t(`views.${v}`)}
          />
        }
        search={{ label: t("searchLabel"), hint: t("searchHint") }}
        sortMenu={{
          columns: ["deliverAt", "createdAt"] as const,
          field: (c) => t(`sorts.${c}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("fetchFailed")}
        empty={emptyCopy(t)}
        tableLabel={t("title")}
        columns={[
          { label: cols.title, className: "pl-4" },
          { label: cols.deliverAt, sort: "deliverAt" },
          { label: cols.audience },
          { label: cols.status },
          { label: cols.read },
          { label: <span className="sr-only">{t("actionsLabel")}</span>, className: "pr-4" },
        ]}
        row={(a) => (
          <Tr className={stacked.row} data-testid="announcement-row">
            <Td className={cn(stacked.primary, "pl-4")}>
              <span className="block truncate font-medium text-slate-900">{a.title}</span>
              {a.description ? (
                <span className="block max-w-md truncate text-xs text-slate-500">{a.description}</span>
              ) : null}
              <span className="block text-xs text-slate-500">{t("by", { name: a.createdByName })}</span>
            </Td>
            <Td data-label={cols.deliverAt} className={cn(stacked.cell, "text-sm")}>
              {formatDateTime(a.deliveredAt ?? a.deliverAt)}
            </Td>
            <Td data-label={cols.audience} className={cn(stacked.cell, "text-sm")}>
              {audienceOf(a)}
            </Td>
            <Td data-label={cols.status} className={stacked.cell}>
              <Badge tone={TONES[a.status]}>{t(`statuses.${a.status}`)}</Badge>
            </Td>
            <Td data-label={cols.read} className={cn(stacked.cell, "text-sm tabular-nums")}>
              {a.status === "delivered" ? (
                <button
                  type="button"
                  className="min-h-11 text-brand-700 hover:underline lg:min-h-0"
                  onClick={() => setReaders(a)}
                  data-testid="read-count"
                >
                  {t("readOf", { read: a.read, count: a.recipients })}
                </button>
              ) : (
                "—"
              )}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={t("menu", { title: a.title })}>
                {a.status === "scheduled" ? (
                  <>
                    <DropdownMenuItem onSelect={() => setEditing({ announcement: a })}>
                      <Pencil aria-hidden />
                      {t("common:actions.edit")}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setCancelling(a)} className="text-red-700">
                      <Ban aria-hidden />
                      {t("cancel.action")}
                    </DropdownMenuItem>
                  </>
                ) : (
                  <DropdownMenuItem onSelect={() => setReaders(a)} disabled={a.status !== "delivered"}>
                    <Eye aria-hidden />
                    {t("whoRead")}
                  </DropdownMenuItem>
                )}
              </RowMenu>
            </Td>
          </Tr>
        )}
      />
      <AnnouncementFormDialog
        open={!!editing}
        announcement={editing?.announcement ?? null}
        onOpenChange={(o) => !o && setEditing(null)}
      />
      <RecipientsDialog
        open={!!readers}
        announcement={readers}
        onOpenChange={(o) => !o && setReaders(null)}
      />
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={t("cancel.title")}
        description={cancelling ? t("cancel.text", { title: cancelling.title }) : undefined}
        confirmLabel={t("cancel.action")}
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              notify({ title: t("cancel.done"), variant: "success" });
              setCancelling(null);
            },
            onError: (error) =>
              notify({ title: t("cancel.failed"), description: messages.error(error), variant: "error" }),
          })
        }
      />
    </div>
  );
}
