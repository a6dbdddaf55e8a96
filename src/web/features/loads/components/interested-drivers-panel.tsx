import { type DriverPaperWarning, driverPaperProblems } from "@shared/drivers/compliance";
import type { TFunction } from "i18next";
import { UserCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { describeError, isApiError } from "../../../lib/api-errors";
import { formatDateTime, formatNumber, localToday } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useAssignLoad, useLoadInterests } from "../api/load-panels";
import { DriverPaperNotice, useDriverPaperText } from "./driver-paper-notice";

/** Time since the last delivery: hours for two days, then days ("31 days since", not "749 hours"). */
const SINCE_IN_HOURS_UP_TO = 48;
function sinceDelivery(t: TFunction<"loads">, deliveredAt: string): string {
  const hours = Math.max(0, Math.floor((Date.now() - Date.parse(deliveredAt)) / 3_600_000));
  return hours <= SINCE_IN_HOURS_UP_TO
    ? t("interests.hoursSince", { count: hours })
    : t("interests.daysSince", { count: Math.floor(hours / 24) });
}

/**
 * Drivers who asked for this posted load; one click assigns it. A driver whose license or medical
 * card has expired cannot be assigned (the server refuses it too); one that lapses before the
 * delivery day is flagged.
 */
export function InterestedDriversPanel({
  loadId,
  loadNumber,
  deliveryDay,
}: {
  loadId: string;
  loadNumber: string;
  /** The last delivery's day (YYYY-MM-DD). */
  deliveryDay: string | null;
}) {
  const { t } = useTranslation("loads");
  const interests = useLoadInterests(loadId, true);
  const assign = useAssignLoad(loadId);
  const paperText = useDriverPaperText();
  const today = localToday();

  // Not mutate()'s per-call callbacks: assigning takes the load off the board, so the refetch that
  // follows unmounts this panel, and TanStack Query skips the callbacks of an unmounted caller — the
  // confirmation would sometimes never show. The promise settles either way.
  const onAssign = (driverId: string, driverName: string) =>
    assign.mutateAsync(driverId).then(
      () =>
        notify({
          title: t("interests.assigned"),
          description: t("interests.assignedText", { number: loadNumber, name: driverName }),
          variant: "success",
        }),
      (error: unknown) =>
        notify({
          title: t("interests.assignFailed"),
          description: isApiError(error, 409, "DRIVER_DOCUMENT_EXPIRED")
            ? paperText(driverName, {
                ...(error.details as Omit<DriverPaperWarning, "problem">),
                problem: "expired",
              })
            : describeError(error, t),
          variant: "error",
        }),
    );

  if (interests.isLoading) return <Spinner label={t("common:loading")} className="text-sm" />;
  if (interests.isError) return <p className="text-sm text-red-600">{describeError(interests.error, t)}</p>;
  const rows = interests.data ?? [];
  if (rows.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Users className="size-4 text-slate-500" aria-hidden />
        {t("interests.empty")}
      </p>
    );
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200"
      data-testid="interested-drivers"
    >
      {rows.map((row) => {
        const warnings = driverPaperProblems(row, today, deliveryDay);
        const expired = warnings.some((w) => w.problem === "expired");
        return (
          <li
            key={row.driverId}
            className="flex flex-wrap items-center gap-3 px-3 py-2.5"
            data-testid="interested-driver"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{row.fullName}</p>
              <p className="text-xs text-slate-500" data-testid="interest-status">
                {`${
                  row.busySince
                    ? t("interests.busySince", { date: formatDateTime(row.busySince) })
                    : t(`driverStatus.${row.status}`)
                } · ${t("interests.askedAt", { date: formatDateTime(row.createdAt) })}`}
              </p>
              <p className="text-xs text-slate-600" data-testid="interest-facts">
                {[
                  row.lastDeliveryCity
                    ? t("interests.lastAt", { place: `${row.lastDeliveryCity}, ${row.lastDeliveryState}` })
                    : t("interests.noLastLoad"),
                  row.lastDeliveredAt ? sinceDelivery(t, row.lastDeliveredAt) : null,
                  row.rating !== null ? t("interests.rating", { rating: formatNumber(row.rating, 1) }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <Button
              size="sm"
              className="h-9"
              onClick={() => onAssign(row.driverId, row.fullName)}
              disabled={assign.isPending || expired}
              aria-label={t("interests.assignTo", { name: row.fullName })}
            >
              {assign.isPending && assign.variables === row.driverId ? (
                <Spinner className="text-current" />
              ) : (
                <UserCheck aria-hidden />
              )}
              {t("interests.assign")}
            </Button>
            <DriverPaperNotice driverName={row.fullName} warnings={warnings} className="basis-full" />
          </li>
        );
      })}
    </ul>
  );
}
