import { can } from "@shared/access";
import {
  COMPANY_DOCUMENT_TYPES,
  DOCUMENT_EXPIRY_STATES,
  DOCUMENT_OWNERS,
  DOCUMENT_SORTS,
  DOCUMENT_TYPES,
  type Document,
  documentListQuerySchema,
} from "@shared/documents/documents.schema";
import { CheckCircle2, Download, Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/list/filter-select";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { OfflineNotice } from "../../../components/offline-notice";
import { ExpiryDate } from "../../../components/status/expiry-date";
import { SummaryTile } from "../../../components/summary-tile";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { formatDate } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { downloadDocument, useConfirmDocument, useDocuments } from "../api/documents";
import { useDocumentMessages } from "../documents-messages";

const DocumentViewer = lazyDialog(() =>
  import("../components/document-viewer-dialog").then((m) => m.DocumentViewerDialog),
);
const CompanyDocumentDialog = lazyDialog(() =>
  import("../components/company-document-dialog").then((m) => m.CompanyDocumentDialog),
);
const DriverUploadDialog = lazyDialog(() =>
  import("../components/driver-upload-dialog").then((m) => m.DriverUploadDialog),
);
const DeleteDocumentDialog = lazyDialog(() =>
  import("../components/delete-document-dialog").then((m) => m.DeleteDocumentDialog),
);

const FILTERS = ["owner", "type", "expiry", "status"] as const;

/**
 * /accounting/documents — the document centre: the company's own documents and those of drivers,
 * vehicles, trailers and loads, dated ones first by expiry ("Expires today", "Expires in N days"),
 * opened in place or downloaded. The office files the company's papers; a driver sees their own,
 * their truck's, their loads' and the company's marked for drivers.
 */
export default function DocumentsPage() {
  const { t } = useTranslation("documents");
  const messages = useDocumentMessages();
  const me = useMe().data;
  const mayWrite = !!me && can(me, "documents:write");
  const mayUpload = !!me && can(me, "documents:upload");
  const mayConfirm = !!me && can(me, "documents:confirm");
  const confirm = useConfirmDocument();
  const [uploadingOwn, setUploadingOwn] = useState(false);
  const isDriver = me?.role === "driver";
  const list = useListScreen(documentListQuerySchema, useDocuments, {
    filters: FILTERS,
    fetchFailed: t("fetchFailed"),
  });
  const { filter, update, data } = list;
  const [viewing, setViewing] = useState<Document | null>(null);
  const [editing, setEditing] = useState<Document | "new" | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  // A driver's "upload" is their own document; the office's is any document.
  useCreateParam(() => (mayWrite ? setEditing("new") : setUploadingOwn(true)), mayWrite || mayUpload);
  const cols = {
    document: t("columns.document"),
    owner: t("columns.owner"),
    expires: t("columns.expires"),
    uploaded: t("columns.uploaded"),
  };
  const download = async (doc: Document) => {
    try {
      await downloadDocument(doc);
    } catch (error) {
      notify({ title: t("viewer.cannotOpen"), description: messages.error(error), variant: "error" });
    }
  };
  const confirmDoc = (doc: Document) =>
    confirm.mutate(doc.id, {
      onSuccess: () => notify({ title: t("confirmed", { name: doc.name }), variant: "success" }),
      onError: (error) =>
        notify({ title: t("confirmFailed"), description: messages.error(error), variant: "error" }),
    });
  const ownerText = (doc: Document) =>
    doc.owner.kind === "company"
      ? t("owners.company")
      : `${t(`owners.${doc.owner.kind}`)} · ${doc.owner.label}`;

  return (
    <ListPage
      title={t("title")}
      description={isDriver ? t("descriptionDriver") : t("description")}
      actions={
        mayWrite ? (
          <Button onClick={() => setEditing("new")} data-testid="upload-document">
            <Plus aria-hidden />
            {t("upload")}
          </Button>
        ) : mayUpload ? (
          <Button onClick={() => setUploadingOwn(true)} data-testid="upload-own-document">
            <Plus aria-hidden />
            {t("uploadOwn")}
          </Button>
        ) : null
      }
    >
      {isDriver ? <OfflineNotice shown={list.query} /> : null}
      {data ? (
        <section className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t("attention")}>
          <SummaryTile
            label={t("tiles.expired")}
            value={String(data.counts.expired)}
            tone={data.counts.expired ? "danger" : "neutral"}
            onClick={() => update({ expiry: filter.expiry === "expired" ? null : "expired" })}
            active={filter.expiry === "expired"}
            testId="tile-expired"
          />
          <SummaryTile
            label={t("tiles.expiring")}
            value={String(data.counts.expiring)}
            tone={data.counts.expiring ? "warning" : "neutral"}
            onClick={() => update({ expiry: filter.expiry === "expiring" ? null : "expiring" })}
            active={filter.expiry === "expiring"}
            testId="tile-expiring"
          />
          {mayConfirm ? (
            <SummaryTile
              label={t("tiles.pending")}
              value={String(data.counts.pending)}
              tone={data.counts.pending ? "info" : "neutral"}
              onClick={() => update({ status: filter.status === "pending" ? null : "pending" })}
              active={filter.status === "pending"}
              testId="tile-pending"
            />
          ) : null}
        </section>
      ) : null}
      <ListPanel
        list={list}
        search={{ label: t("searchLabel"), hint: t("searchHint") }}
        filters={
          <>
            <FilterSelect
              label={t("filters.owner")}
              all={t("filters.allOwners")}
              value={filter.owner}
              options={DOCUMENT_OWNERS}
              optionLabel={(o) => t(`owners.${o}`)}
              onChange={(owner) => update({ owner })}
              className="lg:w-44"
              testId="filter-owner"
            />
            <FilterSelect
              label={t("filters.type")}
              all={t("filters.allTypes")}
              value={filter.type}
              options={DOCUMENT_TYPES}
              optionLabel={(type) => t(`types.${type}`)}
              onChange={(type) => update({ type })}
              className="lg:w-52"
            />
            <FilterSelect
              label={t("filters.expiry")}
              all={t("filters.anyExpiry")}
              value={filter.expiry}
              options={DOCUMENT_EXPIRY_STATES}
              optionLabel={(s) => t(`expiryStates.${s}`)}
              onChange={(expiry) => update({ expiry })}
              className="lg:w-44"
            />
          </>
        }
        sortMenu={{
          columns: DOCUMENT_SORTS,
          field: (column) => t(`sorts.${column}`),
          directions: ["asc", "desc"],
        }}
        errorTitle={t("fetchFailed")}
        empty={{
          title: t("empty.title"),
          text: mayWrite ? t("empty.text") : t("empty.textReader"),
          filteredTitle: t("empty.filteredTitle"),
          filteredText: t("empty.filteredText"),
        }}
        tableLabel={t("title")}
        columns={[
          { label: cols.document, sort: "name", className: "pl-4" },
          { label: cols.owner },
          { label: cols.expires, sort: "expiresOn" },
          { label: cols.uploaded, sort: "uploadedAt" },
          { label: <span className="sr-only">{t("actions")}</span>, className: "pr-4" },
        ]}
        row={(doc) => (
          <Tr className={stacked.row} data-testid={`document-row-${doc.key}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <button
                type="button"
                onClick={() => setViewing(doc)}
                className="grid min-h-11 min-w-0 text-left lg:min-h-0"
                data-testid="open-document"
              >
                <span className="truncate font-medium text-brand-700 hover:underline">{doc.name}</span>
                <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                  <Badge tone="info">{t(`types.${doc.type}`)}</Badge>
                  {doc.pending ? <Badge tone="warning">{t("pending")}</Badge> : null}
                  {doc.visibleToDrivers ? <span>{t("visibleToDrivers")}</span> : null}
                </span>
              </button>
            </Td>
            <Td data-label={cols.owner} className={cn(stacked.cell, "text-sm")}>
              {ownerText(doc)}
            </Td>
            <Td data-label={cols.expires} className={cn(stacked.cell, "text-sm")}>
              <ExpiryDate date={doc.expiresOn} testId={`expiry-${doc.key}`} />
            </Td>
            <Td data-label={cols.uploaded} className={cn(stacked.cell, "whitespace-nowrap text-sm")}>
              {formatDate(doc.uploadedAt)}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={t("menu", { name: doc.name })}>
                <DropdownMenuItem onSelect={() => setViewing(doc)}>
                  <Eye aria-hidden />
                  {t("view")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void download(doc)}>
                  <Download aria-hidden />
                  {t("download")}
                </DropdownMenuItem>
                {doc.confirmable ? (
                  <DropdownMenuItem onSelect={() => confirmDoc(doc)}>
                    <CheckCircle2 aria-hidden />
                    {t("confirm")}
                  </DropdownMenuItem>
                ) : null}
                {doc.editable ? (
                  <>
                    <DropdownMenuItem onSelect={() => setEditing(doc)}>
                      <Pencil aria-hidden />
                      {t("edit")}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setDeleting(doc)} className="text-red-700">
                      <Trash2 aria-hidden />
                      {t("delete")}
                    </DropdownMenuItem>
                  </>
                ) : null}
              </RowMenu>
            </Td>
          </Tr>
        )}
      />
      <DocumentViewer
        document={viewing}
        open={!!viewing}
        onOpenChange={(o) => !o && setViewing(null)}
        onDownload={download}
      />
      <CompanyDocumentDialog
        document={editing === "new" ? null : editing}
        open={!!editing}
        onOpenChange={(o) => !o && setEditing(null)}
        types={COMPANY_DOCUMENT_TYPES}
      />
      <DriverUploadDialog open={uploadingOwn} onOpenChange={setUploadingOwn} />
      <DeleteDocumentDialog
        document={deleting}
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
      />
    </ListPage>
  );
}
