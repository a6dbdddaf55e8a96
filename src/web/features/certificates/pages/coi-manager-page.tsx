import {
  CERTIFICATE_DIRECTIONS,
  CERTIFICATE_SORTS,
  type Certificate,
  type CertificateDirection,
  certificateListQuerySchema,
  HOLDER_SORTS,
  type HolderRequest,
  holderListQuerySchema,
  REQUEST_STATUSES,
} from "@shared/certificates/certificates.schema";
import { BadgeCheck, Download, FileUp, Mail, Pencil, Plus, Trash2, Users } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FilterSelect } from "../../../components/list/filter-select";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { ExpiryDate } from "../../../components/status/expiry-date";
import { SummaryTile } from "../../../components/summary-tile";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import {
  downloadCertificate,
  downloadIssued,
  useCertificates,
  useDeleteCertificate,
  useDeleteHolderRequest,
  useHolderRequests,
  useIssueCertificate,
  useSendCertificate,
} from "../api/certificates";
import { useCertificateMessages } from "../certificates-messages";

const CertificateFormDialog = lazyDialog(() =>
  import("../components/certificate-form-dialog").then((m) => m.CertificateFormDialog),
);
const HolderRequestDialog = lazyDialog(() =>
  import("../components/holder-request-dialog").then((m) => m.HolderRequestDialog),
);

const TABS = ["certificates", "holders"] as const;

/**
 * /accounting/coi-manager — certificates of insurance: the company's own (ACORD 25: producer,
 * insurers with NAIC numbers, each policy's number, dates and limits) and those received from
 * owner-operators and vendors, lapsing ones first; and the certificate holders who asked for one —
 * recorded, the agent's certificate attached, emailed to them, and flagged when theirs will lapse.
 */
export default function CoiManagerPage() {
  const { t } = useTranslation("certificates");
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "holders" ? "holders" : "certificates";
  return (
    <ListPage title={t("title")} description={t("description")}>
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === "holders" ? new URLSearchParams({ tab: next }) : new URLSearchParams())
        }
      >
        <TabsList aria-label={t("tabsLabel")}>
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value} data-testid={`tab-${value}`}>
              {value === "holders" ? <Users aria-hidden /> : <BadgeCheck aria-hidden />}
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="certificates" className="grid gap-4 pt-4">
          <CertificatesTab />
        </TabsContent>
        <TabsContent value="holders" className="grid gap-4 pt-4">
          <HoldersTab />
        </TabsContent>
      </Tabs>
    </ListPage>
  );
}

const policyKinds = (c: Certificate) => [...new Set(c.policies.map((p) => p.kind))];

function CertificatesTab() {
  const { t } = useTranslation("certificates");
  const messages = useCertificateMessages();
  const list = useListScreen(certificateListQuerySchema, useCertificates, {
    filters: ["direction", "expiry"],
    fetchFailed: t("fetchFailed"),
  });
  const { filter, update, data } = list;
  const [editing, setEditing] = useState<{
    certificate: Certificate | null;
    direction: CertificateDirection;
  } | null>(null);
  const [deleting, setDeleting] = useState<Certificate | null>(null);
  const remove = useDeleteCertificate();
  const cols = {
    insured: t("columns.insured"),
    coverage: t("columns.coverage"),
    expires: t("columns.expires"),
    holders: t("columns.holders"),
  };
  const fail = (title: string) => (error: unknown) =>
    notify({ title, description: messages.error(error), variant: "error" });

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {data ? (
          <div className="grid grid-cols-2 gap-3 sm:max-w-md sm:flex-1">
            {(["expired", "lapsing"] as const).map((state) => (
              <SummaryTile
                key={state}
                label={t(`tiles.${state}`)}
                value={String(data.counts[state])}
                tone={data.counts[state] ? (state === "expired" ? "danger" : "warning") : "neutral"}
                onClick={() => update({ expiry: filter.expiry === state ? null : state })}
                active={filter.expiry === state}
                testId={`tile-${state}`}
              />
            ))}
          </div>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing({ certificate: null, direction: "received" })}>
            <FileUp aria-hidden />
            {t("recordReceived")}
          </Button>
          <Button
            onClick={() => setEditing({ certificate: null, direction: "company" })}
            data-testid="new-certificate"
          >
            <Plus aria-hidden />
            {t("newCertificate")}
          </Button>
        </div>
      </div>
      <ListPanel
        list={list}
        search={{ label: t("searchLabel"), hint: t("searchHint") }}
        filters={
          <>
            <FilterSelect
              label={t("filters.direction")}
              all={t("filters.allDirections")}
              value={filter.direction}
              options={CERTIFICATE_DIRECTIONS}
              optionLabel={(d) => t(`directions.${d}`)}
              onChange={(direction) => update({ direction })}
              className="lg:w-48"
            />
            <FilterSelect
              label={t("filters.expiry")}
              all={t("filters.anyExpiry")}
              value={filter.expiry}
              options={["expired", "lapsing", "valid"] as const}
              optionLabel={(s) => t(`expiryStates.${s}`)}
              onChange={(expiry) => update({ expiry })}
              className="lg:w-44"
            />
          </>
        }
        sortMenu={{ columns: CERTIFICATE_SORTS, field: (c) => t(`sorts.${c}`), directions: ["asc", "desc"] }}
        errorTitle={t("fetchFailed")}
        empty={emptyCopy(t, "empty")}
        tableLabel={t("tabs.certificates")}
        columns={[
          { label: cols.insured, sort: "insuredName", className: "pl-4" },
          { label: cols.coverage },
          { label: cols.expires, sort: "expiresOn" },
          { label: cols.holders },
          { label: <span className="sr-only">{t("actions.label")}</span>, className: "pr-4" },
        ]}
        row={(c) => (
          <Tr className={stacked.row} data-testid={`certificate-row-${c.id}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <button
                type="button"
                className="grid min-h-11 min-w-0 text-left lg:min-h-0"
                onClick={() => setEditing({ certificate: c, direction: c.direction })}
              >
                <span className="truncate font-medium text-brand-700 hover:underline">{c.insuredName}</span>
                <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                  <Badge tone={c.direction === "company" ? "info" : "neutral"}>
                    {c.partyKind ? t(`parties.${c.partyKind}`) : t(`directions.${c.direction}`)}
                  </Badge>
                  <span className="truncate">{c.producerName}</span>
                </span>
              </button>
            </Td>
            <Td data-label={cols.coverage} className={cn(stacked.cell, "text-sm")}>
              <span className="flex flex-wrap gap-1">
                {policyKinds(c).map((k) => (
                  <Badge key={k} tone="neutral">
                    {t(`kindsShort.${k}`)}
                  </Badge>
                ))}
              </span>
            </Td>
            <Td data-label={cols.expires} className={cn(stacked.cell, "text-sm")}>
              <ExpiryDate date={c.expiresOn} testId={`certificate-expiry-${c.id}`} />
            </Td>
            <Td data-label={cols.holders} className={cn(stacked.cell, "text-sm tabular-nums")}>
              {c.direction === "company" ? c.holders : "—"}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={t("menu", { name: c.insuredName })}>
                <DropdownMenuItem onSelect={() => setEditing({ certificate: c, direction: c.direction })}>
                  <Pencil aria-hidden />
                  {t("actions.edit")}
                </DropdownMenuItem>
                {c.file ? (
                  <DropdownMenuItem
                    onSelect={() => void downloadCertificate(c).catch(fail(t("actions.downloadFailed")))}
                  >
                    <Download aria-hidden />
                    {t("actions.download")}
                  </DropdownMenuItem>
                ) : null}
                <DropdownMenuItem onSelect={() => setDeleting(c)} className="text-red-700">
                  <Trash2 aria-hidden />
                  {t("actions.delete")}
                </DropdownMenuItem>
              </RowMenu>
            </Td>
          </Tr>
        )}
      />
      <CertificateFormDialog
        open={!!editing}
        certificate={editing?.certificate ?? null}
        direction={editing?.direction ?? "company"}
        onOpenChange={(o) => !o && setEditing(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("deleteDialog.title")}
        description={deleting ? t("deleteDialog.text", { name: deleting.insuredName }) : undefined}
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
            onError: fail(t("deleteDialog.failed")),
          })
        }
      />
    </>
  );
}

const STATUS_TONES = { requested: "warning", issued: "info", sent: "success" } as const;

function HoldersTab() {
  const { t } = useTranslation("certificates");
  const messages = useCertificateMessages();
  const list = useListScreen(holderListQuerySchema, useHolderRequests, {
    filters: ["status", "lapsing"],
    fetchFailed: t("holders.fetchFailed"),
  });
  const { filter, update, data } = list;
  const [editing, setEditing] = useState<HolderRequest | "new" | null>(null);
  const [deleting, setDeleting] = useState<HolderRequest | null>(null);
  const remove = useDeleteHolderRequest();
  const issue = useIssueCertificate();
  const send = useSendCertificate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [issuing, setIssuing] = useState<HolderRequest | null>(null);
  const cols = {
    holder: t("holders.columns.holder"),
    status: t("holders.columns.status"),
    expires: t("holders.columns.expires"),
    requested: t("holders.columns.requested"),
  };
  const fail = (title: string) => (error: unknown) =>
    notify({ title, description: messages.error(error), variant: "error" });
  const doSend = (r: HolderRequest) =>
    send.mutate(r.id, {
      onSuccess: (result) =>
        notify({ title: t("holders.sent", { email: result.sentTo }), variant: "success" }),
      onError: fail(t("holders.sendFailed")),
    });

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {data ? (
          <div className="grid grid-cols-2 gap-3 sm:max-w-md sm:flex-1">
            <SummaryTile
              label={t("holders.tiles.requested")}
              value={String(data.counts.requested)}
              tone={data.counts.requested ? "info" : "neutral"}
              onClick={() => update({ status: filter.status === "requested" ? null : "requested" })}
              active={filter.status === "requested"}
              testId="tile-requested"
            />
            <SummaryTile
              label={t("holders.tiles.lapsing")}
              value={String(data.counts.lapsing)}
              tone={data.counts.lapsing ? "warning" : "neutral"}
              onClick={() => update({ lapsing: filter.lapsing ? null : "true" })}
              active={!!filter.lapsing}
              testId="tile-holders-lapsing"
            />
          </div>
        ) : (
          <span />
        )}
        <Button onClick={() => setEditing("new")} data-testid="new-holder">
          <Plus aria-hidden />
          {t("holders.new")}
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="issued-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file || !issuing) return;
          issue.mutate(
            { id: issuing.id, file },
            {
              onSuccess: (r) =>
                notify({ title: t("holders.issued", { name: r.holderName }), variant: "success" }),
              onError: fail(t("holders.issueFailed")),
            },
          );
        }}
      />
      <ListPanel
        list={list}
        search={{ label: t("holders.searchLabel"), hint: t("holders.searchHint") }}
        filters={
          <FilterSelect
            label={t("holders.filters.status")}
            all={t("holders.filters.allStatuses")}
            value={filter.status}
            options={REQUEST_STATUSES}
            optionLabel={(s) => t(`holders.statuses.${s}`)}
            onChange={(status) => update({ status })}
            className="lg:w-44"
          />
        }
        sortMenu={{
          columns: HOLDER_SORTS,
          field: (c) => t(`holders.sorts.${c}`),
          directions: ["asc", "desc"],
        }}
        errorTitle={t("holders.fetchFailed")}
        empty={{
          title: t("holders.empty.title"),
          text: t("holders.empty.text"),
          filteredTitle: t("empty.filteredTitle"),
          filteredText: t("empty.filteredText"),
        }}
        tableLabel={t("tabs.holders")}
        columns={[
          { label: cols.holder, sort: "holderName", className: "pl-4" },
          { label: cols.status },
          { label: cols.expires, sort: "expiresOn" },
          { label: cols.requested, sort: "requestedOn" },
          { label: <span className="sr-only">{t("actions.label")}</span>, className: "pr-4" },
        ]}
        row={(r) => (
          <Tr className={stacked.row} data-testid={`holder-row-${r.id}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <button
                type="button"
                className="grid min-h-11 min-w-0 text-left lg:min-h-0"
                onClick={() => setEditing(r)}
              >
                <span className="truncate font-medium text-brand-700 hover:underline">{r.holderName}</span>
                <span className="truncate text-xs text-slate-600">
                  {t(`holderKinds.${r.holderKind}`)}
                  {r.holderEmail ? ` · ${r.holderEmail}` : ` · ${t("holders.noEmail")}`}
                </span>
              </button>
            </Td>
            <Td data-label={cols.status} className={cn(stacked.cell, "text-sm")}>
              <span className="flex flex-col items-end gap-0.5 lg:items-start">
                <Badge tone={STATUS_TONES[r.status]} data-testid="holder-status">
                  {t(`holders.statuses.${r.status}`)}
                </Badge>
                {r.sentAt ? (
                  <span className="text-xs text-slate-500">
                    {t("holders.sentOn", { date: formatDateTime(r.sentAt) })}
                  </span>
                ) : null}
              </span>
            </Td>
            <Td data-label={cols.expires} className={cn(stacked.cell, "text-sm")}>
              <ExpiryDate date={r.expiresOn} testId={`holder-expiry-${r.id}`} />
            </Td>
            <Td data-label={cols.requested} className={cn(stacked.cell, "whitespace-nowrap text-sm")}>
              {formatDate(`${r.requestedOn}T12:00:00`)}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={t("menu", { name: r.holderName })}>
                <DropdownMenuItem
                  onSelect={() => {
                    setIssuing(r);
                    fileInput.current?.click();
                  }}
                >
                  <FileUp aria-hidden />
                  {r.file ? t("holders.replaceIssued") : t("holders.attachIssued")}
                </DropdownMenuItem>
                {r.file ? (
                  <>
                    <DropdownMenuItem onSelect={() => doSend(r)}>
                      <Mail aria-hidden />
                      {r.status === "sent" ? t("holders.sendAgain") : t("holders.send")}
                    </DropdownMenuItem>
                    <DropdownMenuItem
                      onSelect={() => void downloadIssued(r).catch(fail(t("actions.downloadFailed")))}
                    >
                      <Download aria-hidden />
                      {t("actions.download")}
                    </DropdownMenuItem>
                  </>
                ) : null}
                <DropdownMenuItem onSelect={() => setEditing(r)}>
                  <Pencil aria-hidden />
                  {t("actions.edit")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setDeleting(r)} className="text-red-700">
                  <Trash2 aria-hidden />
                  {t("actions.delete")}
                </DropdownMenuItem>
              </RowMenu>
            </Td>
          </Tr>
        )}
      />
      <HolderRequestDialog
        open={!!editing}
        request={editing === "new" ? null : editing}
        onOpenChange={(o) => !o && setEditing(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("holders.deleteDialog.title")}
        description={deleting ? t("holders.deleteDialog.text", { name: deleting.holderName }) : undefined}
        confirmLabel={t("actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify({ title: t("holders.deleteDialog.done"), variant: "success" });
              setDeleting(null);
            },
            onError: fail(t("holders.deleteDialog.failed")),
          })
        }
      />
    </>
  );
}
