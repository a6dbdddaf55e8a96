import { ROUTES } from "@shared/access";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { EmptyState } from "../../../components/ui/feedback";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import { driverKeys } from "../api/drivers";
import { formatDay } from "./expiry";

const TONES = { open: "warning", paid: "success", disputed: "info", dismissed: "neutral" } as const;

/** The driver's citations (the citations module's list, narrowed to this driver), newest first. */
export function CitationsTab({ driverId }: { driverId: string }) {
  const { t } = useTranslation("drivers");
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const citations = useQuery({
    queryKey: [...driverKeys.all, "citations", driverId, page],
    queryFn: ({ signal }) =>
      api.get("/api/citations", { query: { driverId, sort: "issuedOn", dir: "desc", ...page }, signal }),
    retry: retryTransient,
  });
  const columns = {
    date: t("citations.date"),
    violation: t("citations.violation"),
    place: t("citations.place"),
    fine: t("citations.fine"),
    status: t("fields.status"),
  };
  return (
    <div className="grid gap-3">
      <div className="overflow-hidden rounded-md border border-slate-200">
        <ListContent
          query={citations}
          data={citations.data}
          errorTitle={t("citations.failed")}
          empty={<EmptyState title={t("citations.empty")} />}
          skeletonRows={3}
        >
          {(data) => (
            <>
              <Table className={stacked.table} aria-label={t("tabs.citations")}>
                <THead className={stacked.head}>
                  <tr>
                    <Th className="pl-4">{columns.date}</Th>
                    <Th>{columns.violation}</Th>
                    <Th>{columns.place}</Th>
                    <Th className="text-right">{columns.fine}</Th>
                    <Th className="pr-4">{columns.status}</Th>
                  </tr>
                </THead>
                <TBody className={stacked.body}>
                  {data.items.map((c) => (
                    <Tr
                      key={c.id}
                      className={cn(stacked.row, "max-lg:grid-cols-1")}
                      data-testid="driver-citation"
                    >
                      <Td className={cn(stacked.primary, "pl-4")}>
                        <span className="font-medium text-slate-900">{formatDay(c.issuedOn)}</span>
                        {c.citationNumber ? (
                          <span className="ml-2 font-mono text-xs text-slate-500">{c.citationNumber}</span>
                        ) : null}
                      </Td>
                      <Td data-label={columns.violation} className={cn(stacked.cell, "text-sm")}>
                        {c.violation}
                      </Td>
                      <Td data-label={columns.place} className={cn(stacked.cell, "text-sm text-slate-700")}>
                        {c.city}, {c.state}
                      </Td>
                      <Td data-label={columns.fine} className={cn(stacked.cell, "text-right tabular-nums")}>
                        {formatMoney(c.fineAmount)}
                      </Td>
                      <Td data-label={columns.status} className={cn(stacked.cell, "pr-4")}>
                        <span className="flex flex-wrap gap-1">
                          <Badge tone={TONES[c.status]}>{t(`citations.status.${c.status}`)}</Badge>
                          {c.overdue ? <Badge tone="danger">{t("citations.overdue")}</Badge> : null}
                        </span>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <ListPagination
                of={data}
                onChange={(patch) =>
                  setPage((p) => ("page" in patch ? { ...p, ...patch } : { page: 1, ...patch }))
                }
              />
            </>
          )}
        </ListContent>
      </div>
      <Link
        to={ROUTES.citations.path}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        {t("citations.openAll")}
        <ArrowRight className="size-4" aria-hidden />
      </Link>
    </div>
  );
}
