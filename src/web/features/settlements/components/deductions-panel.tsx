import type { StandingDeduction } from "@shared/settlements/settlements.schema";
import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListContent } from "../../../components/list/list-states";
import { stacked } from "../../../components/list/stacked-table";
import { DriverPicker } from "../../../components/pickers/entity-pickers";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatMoney } from "../../../lib/format";
import { useStandingDeductions } from "../api/settlements";

const DeductionFormDialog = lazyDialog(() =>
  import("./deduction-form-dialog").then((m) => m.DeductionFormDialog),
);

/**
 * Standing deductions: escrow, truck lease, insurance, ELD and advances being recovered — taken on
 * every new draft until stopped or, with a total, until the total is taken. A company has a few per
 * owner-operator, so the list filters by driver and state without pages.
 */
export function DeductionsPanel({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation("settlements");
  const [driverId, setDriverId] = useState<string | null>(null);
  const [active, setActive] = useState<"true" | "false" | "">("true");
  const query = useStandingDeductions({ driverId: driverId ?? undefined, active: active || undefined });
  const [editing, setEditing] = useState<StandingDeduction | null | undefined>(undefined);
  const items = query.data?.items ?? [];
  const cols = {
    driver: t("deductions.columns.driver"),
    kind: t("deductions.columns.kind"),
    perPeriod: t("deductions.columns.perPeriod"),
    taken: t("deductions.columns.taken"),
    remaining: t("deductions.columns.remaining"),
  };
  return (
    <section
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="deductions-panel"
    >
      <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
        <DriverPicker
          aria-label={t("list.filters.driver")}
          placeholder={t("list.filters.allDrivers")}
          value={driverId}
          selectedLabel={items.find((d) => d.driverId === driverId)?.driverName}
          onChange={(id) => setDriverId(id)}
          className="lg:w-56"
        />
        <Select
          aria-label={t("deductions.state")}
          value={active}
          onChange={(e) => setActive(e.target.value as typeof active)}
          className="lg:w-auto"
        >
          <option value="true">{t("deductions.active")}</option>
          <option value="false">{t("deductions.stopped")}</option>
          <option value="">{t("deductions.all")}</option>
        </Select>
        {mayEdit ? (
          <Button className="lg:ml-auto" onClick={() => setEditing(null)} data-testid="new-deduction">
            <Plus aria-hidden />
            {t("deductions.new")}
          </Button>
        ) : null}
      </div>
      <ListContent
        query={query}
        data={query.data}
        errorTitle={t("deductions.fetchFailed")}
        skeletonRows={3}
        empty={<EmptyState title={t("deductions.emptyTitle")} description={t("deductions.emptyText")} />}
      >
        {() => (
          <Table aria-label={t("tabs.deductions")}>
            <THead className="max-lg:sr-only">
              <Tr>
                <Th>{cols.driver}</Th>
                <Th>{cols.kind}</Th>
                <Th className="text-right">{cols.perPeriod}</Th>
                <Th className="text-right">{cols.taken}</Th>
                <Th className="text-right">{cols.remaining}</Th>
                <Th>
                  <span className="sr-only">{t("deductions.actions")}</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {items.map((d) => (
                <Tr key={d.id} className={stacked.row} data-testid={`deduction-${d.kind}`}>
                  <Td className={stacked.primary}>
                    <span className="grid">
                      <span className="font-medium text-slate-900">{d.driverName}</span>
                      <span className="text-xs text-slate-500">
                        {t("deductions.since", { date: formatDate(d.startsOn) })}
                      </span>
                    </span>
                  </Td>
                  <Td data-label={cols.kind} className={stacked.cell}>
                    <span className="grid max-lg:justify-items-end">
                      <span className="text-sm">
                        {t(`kinds.${d.kind}`)}{" "}
                        {d.active ? null : <Badge>{t("deductions.stoppedBadge")}</Badge>}
                      </span>
                      <span className="text-xs text-slate-500">
                        {[d.description, d.source].filter(Boolean).join(" · ")}
                      </span>
                    </span>
                  </Td>
                  <Td data-label={cols.perPeriod} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                    {formatMoney(d.perPeriod)}
                  </Td>
                  <Td data-label={cols.taken} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                    {formatMoney(d.taken)}
                    {d.total ? (
                      <span className="text-xs text-slate-500"> / {formatMoney(d.total)}</span>
                    ) : null}
                  </Td>
                  <Td data-label={cols.remaining} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                    {d.remaining === null ? t("deductions.open") : formatMoney(d.remaining)}
                  </Td>
                  <Td className={cn(stacked.corner, "text-right")}>
                    {mayEdit ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t("deductions.edit", { name: d.driverName })}
                        onClick={() => setEditing(d)}
                      >
                        <Pencil aria-hidden />
                      </Button>
                    ) : null}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </ListContent>
      <DeductionFormDialog
        open={editing !== undefined}
        deduction={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
    </section>
  );
}
