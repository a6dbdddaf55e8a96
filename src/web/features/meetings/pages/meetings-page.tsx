import { type Meeting, meetingQuerySchema } from "@shared/meetings/meetings.schema";
import { Ban, CalendarPlus, Copy, Download, ExternalLink, Settings } from "lucide-react";
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
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useCancelMeeting, useMeetings } from "../api/meetings";

const MeetingDialog = lazyDialog(() => import("../components/meeting-dialog").then((m) => m.MeetingDialog));
const ZoomSettingsDialog = lazyDialog(() =>
  import("../components/zoom-settings-dialog").then((m) => m.ZoomSettingsDialog),
);
const FILTERS = ["when"] as const;

/**
 * Virtual meetings (`/meetings`, admin and manager): upcoming and past meetings; schedule one in a
 * link-based room, on a pasted link or a Zoom-type service (credentials in this browser only), with
 * an .ics invitation and a reminder to each participant; cancel (the participants are told).
 */
export default function MeetingsPage() {
  const { t } = useTranslation(["meetings", "common"]);
  const list = useListScreen(meetingQuerySchema, useMeetings, {
    filters: FILTERS,
    fetchFailed: t("fetchFailed"),
  });
  const [scheduling, setScheduling] = useState(false);
  useCreateParam(() => setScheduling(true), true);
  const [zoom, setZoom] = useState(false);
  const [cancelling, setCancelling] = useState<Meeting | null>(null);
  const cancel = useCancelMeeting();
  const cols = {
    topic: t("columns.topic"),
    when: t("columns.when"),
    where: t("columns.where"),
    who: t("columns.who"),
  };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <Button variant="outline" onClick={() => setZoom(true)}>
              <Settings aria-hidden />
              {t("zoom.title")}
            </Button>
            <Button onClick={() => setScheduling(true)} data-testid="new-meeting">
              <CalendarPlus aria-hidden />
              {t("new")}
            </Button>
          </>
        }
      />
      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="when"
            values={["upcoming", "past"]}
            fallback="upcoming"
            label={t("show")}
            tabLabel={(when) => t(when)}
          />
        }
        search={{ label: t("searchLabel"), hint: t("searchHint") }}
        errorTitle={t("fetchFailed")}
        empty={emptyCopy(t)}
        tableLabel={t("title")}
        columns={[
          { label: cols.topic, className: "pl-4" },
          { label: cols.when },
          { label: cols.where },
          { label: cols.who },
          { label: <span className="sr-only">{t("actions")}</span>, className: "pr-4" },
        ]}
        row={(m) => (
          <Tr className={stacked.row} data-testid="meeting-row">
            <Td className={cn(stacked.primary, "pl-4")}>
              <span className="flex items-center gap-2">
                <span className="truncate font-medium text-slate-900">{m.topic}</span>
                {m.status === "cancelled" ? <Badge tone="neutral">{t("cancelled")}</Badge> : null}
              </span>
              <span className="block text-xs text-slate-500">{t("by", { name: m.createdByName })}</span>
            </Td>
            <Td data-label={cols.when} className={cn(stacked.cell, "text-sm")}>
              <span className="grid justify-items-end lg:justify-items-start">
                {formatDateTime(m.startsAt)}
                <span className="text-xs text-slate-500">{t("minutes", { count: m.durationMinutes })}</span>
              </span>
            </Td>
            <Td data-label={cols.where} className={cn(stacked.cell, "text-sm")}>
              <a
                href={m.joinUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-1 text-brand-700 hover:underline lg:min-h-0"
              >
                <ExternalLink className="size-3.5" aria-hidden />
                {t(`providersShort.${m.provider}`)}
              </a>
            </Td>
            <Td data-label={cols.who} className={cn(stacked.cell, "max-w-xs text-sm")}>
              <span className="truncate" title={m.participants.join(", ")}>
                {t("participants", { count: m.participants.length, first: m.participants[0] ?? "" })}
              </span>
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={t("menu", { topic: m.topic })}>
                <DropdownMenuItem
                  onSelect={() =>
                    void navigator.clipboard
                      ?.writeText(m.joinUrl)
                      .then(() => notify({ title: t("copied"), variant: "success" }))
                  }
                >
                  <Copy aria-hidden />
                  {t("copy")}
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <a href={`/api/meetings/${m.id}/invite.ics`} download>
                    <Download aria-hidden />
                    {t("ics")}
                  </a>
                </DropdownMenuItem>
                {m.status === "scheduled" ? (
                  <DropdownMenuItem onSelect={() => setCancelling(m)} className="text-red-700">
                    <Ban aria-hidden />
                    {t("cancel")}
                  </DropdownMenuItem>
                ) : null}
              </RowMenu>
            </Td>
          </Tr>
        )}
      />
      <MeetingDialog open={scheduling} onOpenChange={setScheduling} />
      <ZoomSettingsDialog open={zoom} onOpenChange={setZoom} />
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={t("cancelTitle")}
        description={cancelling ? t("cancelText", { topic: cancelling.topic }) : undefined}
        confirmLabel={t("cancel")}
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              notify({ title: t("cancelledToast"), variant: "success" });
              setCancelling(null);
            },
            onError: (error) =>
              notify({ title: t("cancelFailed"), description: describeError(error, t), variant: "error" }),
          })
        }
      />
    </div>
  );
}
