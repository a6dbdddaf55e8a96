import {
  ASSIGNMENT_STATES,
  type Assignment,
  type AssignmentState,
} from "@shared/assignments/assignments.schema";
import { Container, Link2, Truck, Unlink } from "lucide-react";
import { Tabs } from "radix-ui";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListParams } from "../../../lib/use-list-params";
import { useRetainedData } from "../../../lib/use-retained-data";
import { useAssignments, useEndAssignment } from "../api/assignments";
import { useAssignmentMessages } from "../assignment-messages";
import { AssignAssetsDialog } from "../components/assign-assets-dialog";

const PARAM_DEFAULTS = { state: "current", q: "" };

const tabClass =
  "inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-500 transition-colors hover:text-slate-800 focus-visible:rounded-t focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700";

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
  if (!label) return <span className="text-slate-400">{t("list.none")}</span>;
  return (
    <span className="inline-flex min-w-0 items-start gap-2 max-lg:justify-end">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-400 max-lg:hidden" aria-hidden />
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
  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const state: AssignmentState = (ASSIGNMENT_STATES as readonly string[]).includes(values.state)
    ? (values.state as AssignmentState)
    : "current";
  const query = useAssignments({ state, q: values.q || undefined, page, pageSize });
  useErrorToast(query, t("list.loadFailed"));
  const { data, retained } = useRetainedData(query);

  const [assigning, setAssigning] = useState(false);
  const [ending, setEnding] = useState<Assignment | null>(null);
  const end = useEndAssignment();

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const filtered = !!values.q;

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
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={() => setAssigning(true)} className="w-full sm:w-auto">
            <Link2 aria-hidden />
            {t("assign.open")}
          </Button>
        }
      />

      <Card className="overflow-hidden">
        <Tabs.Root value={state} onValueChange={(v) => update({ state: v })}>
          <Tabs.List
            aria-label={t("list.tabs")}
            className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 [scrollbar-width:none]"
          >
            {ASSIGNMENT_STATES.map((s) => (
              <Tabs.Trigger key={s} value={s} className={tabClass}>
                {t(`states.${s}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
          <SearchInput
            value={values.q}
            onSearch={onSearch}
            label={t("list.searchLabel")}
            hint={t("list.searchHint")}
            className="sm:max-w-md sm:flex-1"
          />
          <div className="flex items-center gap-3 empty:hidden sm:ml-auto">
            {query.isFetching && data ? <Spinner label={t("list.updating")} className="text-xs" /> : null}
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={() => update({ q: null })}>
                {t("common:actions.clearFilters")}
              </Button>
            ) : null}
          </div>
        </div>

        <ListContent
          query={query}
          data={data}
          errorTitle={t("list.loadFailed")}
          errorDescription={messages.error(query.error)}
          empty={
            <EmptyState
              title={filtered ? t("list.emptyFiltered") : t(`list.empty.${state}`)}
              description={filtered ? t("list.emptyFilteredText") : t("list.emptyText")}
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={() => update({ q: null })}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : state === "current" ? (
                  <Button size="sm" onClick={() => setAssigning(true)}>
                    <Link2 aria-hidden />
                    {t("assign.open")}
                  </Button>
                ) : null
              }
            />
          }
        >
          {(data) => (
            <>
              <Table className={stacked.table} aria-label={t(`states.${state}`)}>
                <THead className={stacked.head}>
                  <tr>
                    <Th className="pl-4">{cols.driver}</Th>
                    <Th>{cols.vehicle}</Th>
                    <Th>{cols.trailer}</Th>
                    <Th>{cols.since}</Th>
                    <Th>{cols.notes}</Th>
                    <Th>{cols.by}</Th>
                    <Th className="w-12 pr-4">
                      <span className="sr-only">{t("list.actions")}</span>
                    </Th>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {data.items.map((a) => (
                    <Tr key={a.id} data-testid="assignment-row" className={stacked.row}>
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
                      <Td
                        data-label={cols.since}
                        className={cn(stacked.cell, "whitespace-nowrap text-slate-600")}
                      >
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
                      <Td
                        data-label={cols.by}
                        className={cn(stacked.cell, "whitespace-nowrap text-slate-600")}
                      >
                        {a.createdByName ?? "—"}
                      </Td>
                      <Td
                        className={cn(
                          stacked.cell,
                          "pr-4 text-right max-lg:justify-end max-lg:before:content-none",
                        )}
                      >
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
                  ))}
                </TBody>
              </Table>
              <ListPagination of={data} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>

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
    </div>
  );
}
