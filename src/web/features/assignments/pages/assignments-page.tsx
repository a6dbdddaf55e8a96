import {
  ASSIGNMENT_STATES,
  type Assignment,
  type AssignmentState,
  assignmentListQuerySchema,
} from "@shared/assignments/assignments.schema";
import { Container, Link2, Truck, Unlink } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { ListTabs } from "../../../components/list/list-tabs";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useAssignments, useEndAssignment } from "../api/assignments";
import { useAssignmentMessages } from "../assignment-messages";

const AssignAssetsDialog = lazyDialog(() =>
  import("../components/assign-assets-dialog").then((m) => m.AssignAssetsDialog),
);

const NO_FILTERS = [] as const;

function AssetCell({
  label,
  detail,
  icon: Icon,
}: {
  label: string | null;
  detail?: string | null;
  icon: typeof Truck;
}) {
  const { t } = useTranslation("assignments");
  if (!label) return <span className="text-slate-500">{t("list.none")}</span>;
  return (
    <span className="inline-flex min-w-0 items-start gap-2 max-lg:justify-end">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-500 max-lg:hidden" aria-hidden />
      <span className="grid min-w-0">
        <span className="font-medium text-slate-900">{label}</span>
        {detail ? <span className="truncate text-xs text-slate-500">{detail}</span> : null}
      </span>
    </span>
  );
}

export default function AssignmentsPage() {
  const { t } = useTranslation("assignments");
  const messages = useAssignmentMessages();
  // The state is the tabs' choice, not a filter: "Clear filters" keeps the tab.
  const list = useListScreen(assignmentListQuerySchema, useAssignments, {
    filters: NO_FILTERS,
    fetchFailed: t("list.loadFailed"),
  });
  const { filter } = list;
  const state: AssignmentState = filter.state;

  const [assigning, setAssigning] = useState(false);
  const [ending, setEnding] = useState<Assignment | null>(null);
  const end = useEndAssignment();

  const confirmEnd = () =>
    ending &&
    end.mutate(ending.id, {
      onSuccess: (a) => {
        notify({
          title: t("end.done"),
          description: t("end.doneText", { driver: a.driverName }),
          variant: "success",
        });
        setEnding(null);
      },
      onError: (error) =>
        notify({ title: t("toast.saveFailed"), description: messages.error(error), variant: "error" }),
    });

  const cols = {
    driver: t("fields.driver"),
    vehicle: t("fields.vehicle"),
    trailer: t("fields.trailer"),
    since: state === "current" ? t("list.since") : t("list.period"),
    notes: t("fields.notes"),
    by: t("list.assignedBy"),
  };

  const trailerDetail = (a: Assignment) => (a.trailerType ? t(`trailerTypes.${a.trailerType}`) : null);
  const period = (a: Assignment) =>
    a.endedAt
      ? t("list.range", { from: formatDate(a.startedAt), to: formatDate(a.endedAt) })
      : formatDate(a.startedAt);

  return (
    <ListPage
      title={t("title")}
      description={t("description")}
      actions={
        <Button onClick={() => setAssigning(true)} className="w-full sm:w-auto">
          <Link2 aria-hidden />
          {t("assign.open")}
        </Button>
      }
    >
      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="state"
            values={ASSIGNMENT_STATES}
            fallback="current"
            label={t("list.tabs")}
            tabLabel={(s) => t(`states.${s}`)}
          />
        }
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        errorTitle={t("list.loadFailed")}
        errorDescription={messages.error(list.query.error)}
        empty={{
          title: t(`list.empty.${state}`),
          text: t("list.emptyText"),
          filteredTitle: t("list.emptyFiltered"),
          filteredText: t("list.emptyFilteredText"),
          action:
            state === "current" ? (
              <Button size="sm" onClick={() => setAssigning(true)}>
                <Link2 aria-hidden />
                {t("assign.open")}
              </Button>
            ) : null,
        }}
        tableLabel={t(`states.${state}`)}
        columns={[
          { label: cols.driver, className: "pl-4" },
          { label: cols.vehicle },
          { label: cols.trailer },
          { label: cols.since },
          { label: cols.notes },
          { label: cols.by },
          { label: <span className="sr-only">{t("list.actions")}</span>, className: "w-12 pr-4" },
        ]}
        row={(a) => (
          <Tr data-testid="assignment-row" className={stacked.row}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <span className="font-medium text-slate-900">{a.driverName}</span>
              {a.endedAt || state !== "all" ? null : (
                <span className="ml-2 inline-flex items-center gap-1 text-xs text-emerald-700">
                  <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
                  {t("list.active")}
                </span>
              )}
            </Td>
            <Td data-label={cols.vehicle} className={stacked.cell}>
              <AssetCell label={a.vehicleLabel} detail={a.vehicleDescription} icon={Truck} />
            </Td>
            <Td data-label={cols.trailer} className={stacked.cell}>
              <AssetCell label={a.trailerLabel} detail={trailerDetail(a)} icon={Container} />
            </Td>
            <Td data-label={cols.since} className={cn(stacked.cell, "whitespace-nowrap text-slate-600")}>
              <time dateTime={a.startedAt} title={formatDateTime(a.startedAt)}>
                {period(a)}
              </time>
            </Td>
            <Td
              data-label={cols.notes}
              className={cn(stacked.cell, "max-w-64 text-slate-600", !a.notes && "max-lg:hidden")}
            >
              <span className="line-clamp-2 break-words">{a.notes || "—"}</span>
            </Td>
            <Td data-label={cols.by} className={cn(stacked.cell, "whitespace-nowrap text-slate-600")}>
              {a.createdByName ?? "—"}
            </Td>
            <Td className={cn(stacked.cell, "pr-4 text-right max-lg:justify-end max-lg:before:content-none")}>
              {a.endedAt ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEnding(a)}
                  aria-label={t("end.actionFor", { driver: a.driverName })}
                >
                  <Unlink aria-hidden />
                  {t("end.action")}
                </Button>
              )}
            </Td>
          </Tr>
        )}
      />

      <AssignAssetsDialog open={assigning} onOpenChange={setAssigning} />
      <ConfirmDialog
        open={!!ending}
        onOpenChange={(open) => !open && setEnding(null)}
        title={t("end.title")}
        description={
          ending
            ? t("end.text", {
                driver: ending.driverName,
                assets: [ending.vehicleLabel, ending.trailerLabel].filter(Boolean).join(" + "),
              })
            : ""
        }
        confirmLabel={t("end.confirm")}
        destructive
        pending={end.isPending}
        onConfirm={confirmEnd}
      />
    </ListPage>
  );
}
