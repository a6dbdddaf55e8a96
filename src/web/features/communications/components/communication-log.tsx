import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type LogEntry,
} from "@shared/communications/communications.schema";
import { logQuerySchema } from "@shared/communications/log-query.schema";
import { Ban } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PeriodFilter } from "../../../components/list/filter-group";
import { FilterSelect } from "../../../components/list/filter-select";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useCancelCommunication, useCommunicationLog } from "../api/communications";
import { useCommunicationMessages } from "../communications-messages";

const FILTERS = ["channel", "status", "source", "from", "to"] as const;
const TONES: Record<DeliveryStatus, "success" | "danger" | "warning" | "info" | "neutral"> = {
  scheduled: "info",
  queued: "info",
  sent: "success",
  stored: "warning",
  failed: "danger",
  bounced: "danger",
  cancelled: "neutral",
  no_address: "warning",
  no_consent: "neutral",
  unsubscribed: "neutral",
  not_sent_no_provider: "warning",
};

/** Every email and SMS recipient, sent or scheduled (those with a cancel), searchable and filtered. */
export function CommunicationLog() {
  const { t } = useTranslation(["communications", "common"]);
  const messages = useCommunicationMessages();
  const list = useListScreen(logQuerySchema, useCommunicationLog, {
    filters: FILTERS,
    fetchFailed: t("log.fetchFailed"),
  });
  const cancel = useCancelCommunication();
  const { filter, update } = list;
  const cols = {
    recipient: t("log.columns.recipient"),
    message: t("log.columns.message"),
    channel: t("log.columns.channel"),
    status: t("log.columns.status"),
    when: t("log.columns.when"),
  };
  const onCancel = (e: LogEntry) =>
    cancel.mutate(e.communicationId, {
      onSuccess: () => notify({ title: t("log.cancelled"), variant: "success" }),
      onError: (error) =>
        notify({ title: t("log.cancelFailed"), description: messages.error(error), variant: "error" }),
    });
  return (
    <ListPanel
      list={list}
      search={{ label: t("log.searchLabel"), hint: t("log.searchHint") }}
      filters={
        <>
          <FilterSelect
            label={t("log.columns.channel")}
            all={t("log.anyChannel")}
            value={filter.channel}
            options={["email", "sms"] as const}
            optionLabel={(c) => t(`channels.${c}`)}
            onChange={(channel) => update({ channel })}
            className="lg:w-36"
          />
          <FilterSelect
            label={t("log.columns.status")}
            all={t("log.anyStatus")}
            value={filter.status}
            options={DELIVERY_STATUSES}
            optionLabel={(s) => t(`statuses.${s}`)}
            onChange={(status) => update({ status })}
            className="lg:w-48"
            testId="log-status"
          />
          <FilterSelect
            label={t("log.source")}
            all={t("log.anySource")}
            value={filter.source}
            options={["hub", "automated"] as const}
            optionLabel={(s) => t(`log.sources.${s}`)}
            onChange={(source) => update({ source })}
            className="lg:w-44"
            testId="log-source"
          />
          <PeriodFilter list={list} label={(edge) => t(`log.${edge}`)} />
        </>
      }
      errorTitle={t("log.fetchFailed")}
      empty={emptyCopy(t, "log.empty")}
      tableLabel={t("tabs.log")}
      columns={[
        { label: cols.recipient, className: "pl-4" },
        { label: cols.message },
        { label: cols.channel },
        { label: cols.status },
        { label: cols.when, className: "pr-4" },
      ]}
      row={(e) => (
        <Tr className={stacked.row} data-testid="log-row">
          <Td className={cn(stacked.primary, "pl-4")}>
            <span className="block truncate font-medium text-slate-900">{e.recipientName}</span>
            <span className="block truncate text-xs text-slate-500">
              {e.address ?? t("log.noAddress")} · {t(`kinds.${e.recipientKind}`)}
            </span>
          </Td>
          <Td data-label={cols.message} className={cn(stacked.cell, "max-w-xs text-sm")}>
            <span className="block truncate">{e.subject || "—"}</span>
            <span className="block truncate text-xs text-slate-500">
              {e.source === "automated" ? t("log.sources.automated") : t("log.by", { name: e.senderName })}
            </span>
          </Td>
          <Td data-label={cols.channel} className={cn(stacked.cell, "text-sm")}>
            {t(`channels.${e.channel}`)}
          </Td>
          <Td data-label={cols.status} className={stacked.cell}>
            <span className="grid justify-items-end gap-0.5 lg:justify-items-start">
              <Badge tone={TONES[e.status]}>
                {t(
                  e.channel === "sms" && e.status === "no_address"
                    ? "statuses.no_phone"
                    : `statuses.${e.status}`,
                )}
              </Badge>
              {e.error ? <span className="max-w-56 truncate text-xs text-red-700">{e.error}</span> : null}
            </span>
          </Td>
          <Td data-label={cols.when} className={cn(stacked.cell, "pr-4 text-sm")}>
            <span className="grid justify-items-end gap-1 lg:justify-items-start">
              {formatDateTime(e.sentAt ?? e.scheduledAt ?? e.createdAt)}
              {e.status === "scheduled" ? (
                <Button variant="outline" size="sm" onClick={() => onCancel(e)} disabled={cancel.isPending}>
                  <Ban aria-hidden />
                  {t("log.cancel")}
                </Button>
              ) : null}
            </span>
          </Td>
        </Tr>
      )}
    />
  );
}
