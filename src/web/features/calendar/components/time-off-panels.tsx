import { can, type User } from "@shared/access";
import {
  driverMayCancel,
  reviewerMayCancel,
  TIME_OFF_STATUSES,
  type TimeOff,
  type TimeOffDecision,
  type TimeOffStatus,
} from "@shared/calendar/time-off.schema";
import { Check, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListError, ListSkeleton } from "../../../components/list/list-states";
import { TimeOffStatusBadge } from "../../../components/status/time-off-status-badge";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Select, Textarea } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useCancelTimeOff, useReviewTimeOff, useTimeOffRequests } from "../api/calendar";
import { dayCount, todayKey } from "../calendar-dates";
import type { CalendarFormat } from "../calendar-format";
import { useTimeOffMessages } from "../time-off-messages";

const PAGE_SIZE = 25;

function TimeOffItem({
  request,
  format,
  showDriver,
  actions,
}: {
  request: TimeOff;
  format: CalendarFormat;
  showDriver: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation("calendar");
  return (
    <li className="grid gap-2 px-4 py-3 sm:px-5" data-testid="time-off-item" data-status={request.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          {showDriver ? <p className="font-medium text-slate-900">{request.driverName}</p> : null}
          <p className={cn("text-sm", showDriver ? "text-slate-700" : "font-medium text-slate-900")}>
            {format.dayRange(request.startDate, request.endDate)}
            <span className="ml-1.5 text-slate-500">
              {t("timeOff.days", { count: dayCount(request.startDate, request.endDate) })}
            </span>
          </p>
        </div>
        <TimeOffStatusBadge status={request.status} />
      </div>
      <p className="whitespace-pre-line break-words text-sm text-slate-600">{request.reason}</p>
      {request.reviewedByName || request.reviewNote ? (
        <p className="text-xs text-slate-500">
          {request.reviewedByName
            ? t("timeOff.reviewedBy", {
                name: request.reviewedByName,
                when: formatDateTime(request.reviewedAt),
              })
            : null}
          {request.reviewNote ? <span className="block italic">“{request.reviewNote}”</span> : null}
        </p>
      ) : (
        <p className="text-xs text-slate-500">
          {t("timeOff.requestedAt", { when: formatDateTime(request.createdAt) })}
        </p>
      )}
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </li>
  );
}

function PanelList({
  query,
  format,
  showDriver,
  emptyTitle,
  emptyText,
  actionsFor,
  page,
  pageSize,
  onPage,
}: {
  query: ReturnType<typeof useTimeOffRequests>;
  format: CalendarFormat;
  showDriver: boolean;
  emptyTitle: string;
  emptyText: string;
  actionsFor: (r: TimeOff) => ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation("calendar");
  const messages = useTimeOffMessages();
  useErrorToast(query, t("timeOff.loadFailed"));
  if (query.isError && !query.data) {
    return (
      <ListError
        title={t("timeOff.loadFailed")}
        description={messages.error(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <ListSkeleton rows={3} label={t("common:loading")} />;
  if (query.data.items.length === 0) return <EmptyState title={emptyTitle} description={emptyText} />;
  return (
    <>
      <ul className={cn("divide-y divide-slate-100", query.isPlaceholderData && "opacity-60")}>
        {query.data.items.map((r) => (
          <TimeOffItem
            key={r.id}
            request={r}
            format={format}
            showDriver={showDriver}
            actions={actionsFor(r)}
          />
        ))}
      </ul>
      {query.data.total > pageSize ? (
        <ListPagination
          of={{ page, pageSize, total: query.data.total }}
          onChange={(patch) => ("page" in patch ? onPage(patch.page, pageSize) : onPage(1, patch.pageSize))}
        />
      ) : null}
    </>
  );
}

/** The driver's own requests, newest first, with Cancel where the rules allow it. */
export function MyTimeOffPanel({ format, className }: { format: CalendarFormat; className?: string }) {
  const { t } = useTranslation("calendar");
  const messages = useTimeOffMessages();
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const query = useTimeOffRequests(paging);
  const cancel = useCancelTimeOff();
  const [pending, setPending] = useState<TimeOff | null>(null);
  const today = todayKey();

  const confirm = () =>
    pending &&
    cancel.mutate(pending.id, {
      onSuccess: () => {
        notify({ title: t("cancel.done"), description: t("cancel.doneText"), variant: "success" });
        setPending(null);
      },
      onError: (error) =>
        notify({ title: t("cancel.failed"), description: messages.error(error), variant: "error" }),
    });

  return (
    <Card className={cn("overflow-hidden", className)} data-testid="my-time-off">
      <CardHeader className="border-b border-slate-100">
        <CardTitle>{t("timeOff.mine")}</CardTitle>
        <CardDescription>{t("timeOff.mineText")}</CardDescription>
      </CardHeader>
      <PanelList
        query={query}
        format={format}
        showDriver={false}
        emptyTitle={t("timeOff.emptyMine")}
        emptyText={t("timeOff.emptyMineText")}
        page={paging.page}
        pageSize={paging.pageSize}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        actionsFor={(r) =>
          driverMayCancel(r, today) ? (
            <Button variant="outline" size="sm" onClick={() => setPending(r)}>
              <X aria-hidden />
              {t("cancel.action")}
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("cancel.title")}
        description={
          pending ? t("cancel.text", { dates: format.dayRange(pending.startDate, pending.endDate) }) : ""
        }
        confirmLabel={t("cancel.confirm")}
        destructive
        pending={cancel.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}

type Review = { request: TimeOff; decision: TimeOffDecision };
type StatusFilter = TimeOffStatus | "all";

/**
 * Everyone's requests for staff. Admins and managers approve or deny (with an optional note) and
 * may call off an approved time off that has not ended; dispatchers read.
 */
export function TimeOffRequestsPanel({
  user,
  format,
  className,
}: {
  user: User;
  format: CalendarFormat;
  className?: string;
}) {
  const { t } = useTranslation("calendar");
  const messages = useTimeOffMessages();
  const canReview = can(user, "timeOff:review");
  const [status, setStatus] = useState<StatusFilter>("pending");
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const query = useTimeOffRequests({ ...paging, status: status === "all" ? undefined : status });
  const review = useReviewTimeOff();
  const cancel = useCancelTimeOff();
  const [reviewing, setReviewing] = useState<Review | null>(null);
  const [note, setNote] = useState("");
  const [callingOff, setCallingOff] = useState<TimeOff | null>(null);
  const today = todayKey();

  const startReview = (request: TimeOff, decision: TimeOffDecision) => {
    setNote("");
    setReviewing({ request, decision });
  };

  const submitReview = () => {
    if (!reviewing) return;
    const { request, decision } = reviewing;
    review.mutate(
      { id: request.id, decision, note: note.trim() || undefined },
      {
        onSuccess: () => {
          notify({
            title: t(decision === "approved" ? "review.approved" : "review.denied"),
            description: t("review.doneText", {
              name: request.driverName,
              dates: format.dayRange(request.startDate, request.endDate),
            }),
            variant: "success",
          });
          setReviewing(null);
        },
        onError: (error) =>
          notify({ title: t("review.failed"), description: messages.error(error), variant: "error" }),
      },
    );
  };

  const confirmCallOff = () =>
    callingOff &&
    cancel.mutate(callingOff.id, {
      onSuccess: () => {
        notify({ title: t("cancel.done"), description: t("cancel.calledOffText"), variant: "success" });
        setCallingOff(null);
      },
      onError: (error) =>
        notify({ title: t("cancel.failed"), description: messages.error(error), variant: "error" }),
    });

  return (
    <Card className={cn("overflow-hidden", className)} data-testid="time-off-requests">
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 border-b border-slate-100">
        <div className="grid gap-1">
          <CardTitle>{t("timeOff.requests")}</CardTitle>
          <CardDescription>
            {canReview ? t("timeOff.requestsText") : t("timeOff.requestsReadOnly")}
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          {query.isFetching && query.data ? <Spinner /> : null}
          <Select
            aria-label={t("timeOff.filter")}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            className="h-9 w-auto min-w-36"
          >
            {TIME_OFF_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
            <option value="all">{t("timeOff.allStatuses")}</option>
          </Select>
        </div>
      </CardHeader>
      <PanelList
        query={query}
        format={format}
        showDriver
        emptyTitle={status === "pending" ? t("timeOff.emptyPending") : t("timeOff.emptyFiltered")}
        emptyText={status === "pending" ? t("timeOff.emptyPendingText") : t("timeOff.emptyFilteredText")}
        page={paging.page}
        pageSize={paging.pageSize}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        actionsFor={(r) => {
          if (!canReview) return null;
          if (r.status === "pending")
            return (
              <>
                <Button size="sm" onClick={() => startReview(r, "approved")}>
                  <Check aria-hidden />
                  {t("review.approve")}
                </Button>
                <Button variant="outline" size="sm" onClick={() => startReview(r, "denied")}>
                  <X aria-hidden />
                  {t("review.deny")}
                </Button>
              </>
            );
          if (reviewerMayCancel(r, today))
            return (
              <Button variant="outline" size="sm" onClick={() => setCallingOff(r)}>
                <X aria-hidden />
                {t("cancel.callOff")}
              </Button>
            );
          return null;
        }}
      />
      <ConfirmDialog
        open={!!reviewing}
        onOpenChange={(open) => !open && setReviewing(null)}
        title={
          reviewing ? t(reviewing.decision === "approved" ? "review.approveTitle" : "review.denyTitle") : ""
        }
        description={
          reviewing
            ? t("review.text", {
                name: reviewing.request.driverName,
                dates: format.dayRange(reviewing.request.startDate, reviewing.request.endDate),
              })
            : ""
        }
        confirmLabel={
          reviewing ? t(reviewing.decision === "approved" ? "review.approve" : "review.deny") : ""
        }
        destructive={reviewing?.decision === "denied"}
        pending={review.isPending}
        onConfirm={submitReview}
      >
        <Field label={t("review.note")} hint={t("review.noteHint")}>
          <Textarea rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={!!callingOff}
        onOpenChange={(open) => !open && setCallingOff(null)}
        title={t("cancel.callOffTitle")}
        description={
          callingOff
            ? t("cancel.callOffText", {
                name: callingOff.driverName,
                dates: format.dayRange(callingOff.startDate, callingOff.endDate),
              })
            : ""
        }
        confirmLabel={t("cancel.callOff")}
        destructive
        pending={cancel.isPending}
        onConfirm={confirmCallOff}
      />
    </Card>
  );
}
