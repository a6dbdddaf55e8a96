import {
  CONTRACT_SORTS,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  type Contract,
  type ContractStatus,
  contractListQuerySchema,
} from "@shared/contracts/contracts.schema";
import { Download, Eye, FileStack, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FilterSelect } from "../../../components/list/filter-select";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { formatDate } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { downloadSignedPdf, useContracts, useDeleteContract } from "../api/contracts";
import { ContractStatusBadge } from "../components/contract-status-badge";
import { useContractMessages } from "../contracts-messages";

const ContractFormDialog = lazyDialog(() =>
  import("../components/contract-form-dialog").then((m) => m.ContractFormDialog),
);
const ContractDetailDialog = lazyDialog(() =>
  import("../components/contract-detail-dialog").then((m) => m.ContractDetailDialog),
);
const TemplatesDialog = lazyDialog(() =>
  import("../components/templates-dialog").then((m) => m.TemplatesDialog),
);

const FILTERS = ["status", "type"] as const;
const TILE_TONES: Record<ContractStatus, "neutral" | "info" | "warning" | "danger"> = {
  draft: "neutral",
  sent: "info",
  signed: "neutral",
  expired: "danger",
};

/**
 * /accounting/contracts — employment, lease, independent-contractor and custom contracts: drafted from
 * the company's templates, sent to the signer's email with a public signing link, signed on any phone,
 * kept with their signed PDF and signing record; signed ones expire on their date.
 */
export default function ContractsPage() {
  const { t } = useTranslation("contracts");
  const messages = useContractMessages();
  const list = useListScreen(contractListQuerySchema, useContracts, {
    filters: FILTERS,
    fetchFailed: t("fetchFailed"),
  });
  const { filter, update, data } = list;
  const [editing, setEditing] = useState<Contract | "new" | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Contract | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  useCreateParam(() => setEditing("new"), true);
  const remove = useDeleteContract();
  const cols = {
    contract: t("columns.contract"),
    signer: t("columns.signer"),
    status: t("columns.status"),
    expires: t("columns.expires"),
    updated: t("columns.updated"),
  };
  const download = (c: Contract) =>
    void downloadSignedPdf(c).catch((error) =>
      notify({ title: t("detail.downloadFailed"), description: messages.error(error), variant: "error" }),
    );

  return (
    <ListPage
      title={t("title")}
      description={t("description")}
      actions={
        <>
          <Button variant="outline" onClick={() => setTemplatesOpen(true)} data-testid="open-templates">
            <FileStack aria-hidden />
            {t("templates.open")}
          </Button>
          <Button onClick={() => setEditing("new")} data-testid="new-contract">
            <Plus aria-hidden />
            {t("new")}
          </Button>
        </>
      }
    >
      {data ? (
        <section className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("tiles.label")}>
          {CONTRACT_STATUSES.map((s) => (
            <SummaryTile
              key={s}
              label={t(`statuses.${s}`)}
              value={String(data.counts[s])}
              tone={data.counts[s] ? TILE_TONES[s] : "neutral"}
              onClick={() => update({ status: filter.status === s ? null : s })}
              active={filter.status === s}
              testId={`tile-${s}`}
            />
          ))}
        </section>
      ) : null}
      <ListPanel
        list={list}
        search={{ label: t("searchLabel"), hint: t("searchHint") }}
        filters={
          <>
            <FilterSelect
              label={t("filters.status")}
              all={t("filters.allStatuses")}
              value={filter.status}
              options={CONTRACT_STATUSES}
              optionLabel={(s) => t(`statuses.${s}`)}
              onChange={(status) => update({ status })}
              className="lg:w-44"
            />
            <FilterSelect
              label={t("filters.type")}
              all={t("filters.allTypes")}
              value={filter.type}
              options={CONTRACT_TYPES}
              optionLabel={(type) => t(`types.${type}`)}
              onChange={(type) => update({ type })}
              className="lg:w-52"
            />
          </>
        }
        sortMenu={{
          columns: CONTRACT_SORTS,
          field: (column) => t(`sorts.${column}`),
          directions: ["asc", "desc"],
        }}
        errorTitle={t("fetchFailed")}
        empty={emptyCopy(t, "empty")}
        tableLabel={t("title")}
        columns={[
          { label: cols.contract, sort: "title", className: "pl-4" },
          { label: cols.signer },
          { label: cols.status, sort: "status" },
          { label: cols.expires, sort: "expiresOn" },
          { label: cols.updated, sort: "updatedAt" },
          { label: <span className="sr-only">{t("actions.label")}</span>, className: "pr-4" },
        ]}
        row={(c) => (
          <Tr className={stacked.row} data-testid={`contract-row-${c.id}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <button
                type="button"
                onClick={() => setViewing(c.id)}
                className="grid min-h-11 min-w-0 text-left lg:min-h-0"
                data-testid="open-contract"
              >
                <span className="truncate font-medium text-brand-700 hover:underline">{c.title}</span>
                <span className="text-xs text-slate-600">{t(`types.${c.type}`)}</span>
              </button>
            </Td>
            <Td data-label={cols.signer} className={cn(stacked.cell, "min-w-0 text-sm")}>
              <span className="block truncate">{c.signerName}</span>
              <span className="block truncate text-xs text-slate-500">{c.signerEmail}</span>
            </Td>
            <Td data-label={cols.status} className={cn(stacked.cell, "text-sm")}>
              <ContractStatusBadge status={c.status} />
            </Td>
            <Td data-label={cols.expires} className={cn(stacked.cell, "whitespace-nowrap text-sm")}>
              {c.expiresOn ? formatDate(c.expiresOn) : "—"}
            </Td>
            <Td data-label={cols.updated} className={cn(stacked.cell, "whitespace-nowrap text-sm")}>
              {formatDate(c.updatedAt)}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={t("menu", { title: c.title })}>
                <DropdownMenuItem onSelect={() => setViewing(c.id)}>
                  <Eye aria-hidden />
                  {t("actions.open")}
                </DropdownMenuItem>
                {c.hasSignedPdf ? (
                  <DropdownMenuItem onSelect={() => download(c)}>
                    <Download aria-hidden />
                    {t("actions.signedPdf")}
                  </DropdownMenuItem>
                ) : null}
                {c.status === "draft" ? (
                  <DropdownMenuItem onSelect={() => setEditing(c)}>
                    <Pencil aria-hidden />
                    {t("actions.edit")}
                  </DropdownMenuItem>
                ) : null}
                {/* A draft, or one that expired without being sent, may go. */}
                {c.status === "draft" || (c.status === "expired" && !c.sentAt) ? (
                  <DropdownMenuItem onSelect={() => setDeleting(c)} className="text-red-700">
                    <Trash2 aria-hidden />
                    {t("actions.delete")}
                  </DropdownMenuItem>
                ) : null}
              </RowMenu>
            </Td>
          </Tr>
        )}
      />
      <ContractFormDialog
        contract={editing === "new" ? null : editing}
        open={!!editing}
        onOpenChange={(o) => !o && setEditing(null)}
        onSaved={(saved) => setViewing(saved.id)}
      />
      <ContractDetailDialog
        contractId={viewing}
        open={!!viewing}
        onOpenChange={(o) => !o && setViewing(null)}
        onEdit={(c) => {
          setViewing(null);
          setEditing(c);
        }}
        onOpen={setViewing}
      />
      <TemplatesDialog open={templatesOpen} onOpenChange={setTemplatesOpen} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("deleteDialog.title")}
        description={deleting ? t("deleteDialog.text", { title: deleting.title }) : undefined}
        confirmLabel={t("actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify({ title: t("deleteDialog.done"), variant: "success" });
              setDeleting(null);
            },
            onError: (error) =>
              notify({
                title: t("deleteDialog.failed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </ListPage>
  );
}
