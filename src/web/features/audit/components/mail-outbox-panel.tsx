import { type MAIL_STATUSES, type MailMessage, mailListQuerySchema } from "@shared/audit/audit.schema";
import { Download, Info, Paperclip } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, EmptyState, Spinner } from "../../../components/ui/feedback";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { formatBytes } from "../../../lib/format-day";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { downloadMailAttachment, useMailOutbox } from "../api/audit";

const STATUS_TONE = { stored: "neutral", sent: "success", failed: "danger" } as const satisfies Record<
  (typeof MAIL_STATUSES)[number],
  string
>;

function MailStatus({ status }: { status: MailMessage["status"] }) {
  const { t } = useTranslation("admin");
  return <Badge tone={STATUS_TONE[status]}>{t(`mail.status.${status}`)}</Badge>;
}

function MailDialog({ message, onClose }: { message: MailMessage | null; onClose: () => void }) {
  const { t } = useTranslation("admin");
  return (
    <Dialog
      open={!!message}
      onOpenChange={(open) => !open && onClose()}
      title={message?.subject ?? ""}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      {message ? (
        <div className="grid gap-4">
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">{t("mail.columns.to")}</dt>
            <dd className="break-all font-medium text-slate-800">{message.to}</dd>
            <dt className="text-slate-500">{t("mail.columns.status")}</dt>
            <dd>
              <MailStatus status={message.status} />
            </dd>
            <dt className="text-slate-500">{t("mail.columns.created")}</dt>
            <dd className="text-slate-800">{formatDateTime(message.createdAt)}</dd>
          </dl>
          {message.error ? (
            <Alert tone="danger">
              <span className="font-medium">{t("mail.deliveryError")}</span> {message.error}
            </Alert>
          ) : null}
          {message.attachments.length ? <MailAttachments message={message} /> : null}
          <pre className="max-h-[50vh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-4 font-sans text-sm leading-relaxed text-slate-800">
            {message.text}
          </pre>
          <div className="flex justify-end">
            <Button variant="outline" onClick={onClose}>
              {t("common:actions.close")}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * What a message carried: each file's name and size; one that was a stored file (an upload, an issued
 * certificate, a signed contract) downloads, a generated one (an invoice PDF, an invitation) is named.
 */
function MailAttachments({ message }: { message: MailMessage }) {
  const { t } = useTranslation("admin");
  const save = (index: number) =>
    void downloadMailAttachment(message, index).catch((error: unknown) =>
      notify({ title: t("mail.downloadFailed"), description: describeError(error, t), variant: "error" }),
    );
  return (
    <section aria-labelledby="mail-attachments" className="grid gap-2">
      <h3 id="mail-attachments" className="text-sm font-semibold text-slate-900">
        {t("mail.attachments", { count: message.attachments.length })}
      </h3>
      <ul className="grid gap-2" data-testid="mail-attachments">
        {message.attachments.map((a, index) => (
          <li
            // Position is the attachment's identity (the download names it so).
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's attachments never reorder
            key={index}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 px-3 py-2 text-sm"
          >
            <Paperclip className="size-4 shrink-0 text-slate-500" aria-hidden />
            <span className="min-w-0 flex-1 break-all font-medium text-slate-800">{a.fileName}</span>
            <span className="text-slate-500">{formatBytes(a.size)}</span>
            {a.stored ? (
              <Button type="button" size="sm" variant="outline" onClick={() => save(index)}>
                <Download aria-hidden />
                {t("mail.download")}
              </Button>
            ) : (
              <span className="basis-full text-xs text-slate-500 sm:basis-auto">{t("mail.notKept")}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The outgoing mail's list screen (the admin actions page's second tab). */
export function MailOutboxPanel() {
  const { t } = useTranslation("admin");
  const {
    query: mail,
    data,
    retained,
    search: q,
    onSearch,
    clear,
    update,
  } = useListScreen(mailListQuerySchema, useMailOutbox, { filters: [], fetchFailed: t("mail.fetchFailed") });
  const [open, setOpen] = useState<MailMessage | null>(null);
  const cols = {
    to: t("mail.columns.to"),
    subject: t("mail.columns.subject"),
    status: t("mail.columns.status"),
    created: t("mail.columns.created"),
  };

  return (
    <div className="grid gap-4">
      <Alert>
        <span className="flex gap-2.5">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t("mail.explain")}</span>
        </span>
      </Alert>
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
          <SearchInput
            value={q}
            onSearch={onSearch}
            label={t("mail.search")}
            hint={t("mail.searchHint")}
            className="sm:max-w-sm sm:flex-1"
          />
          {mail.isFetching && data ? (
            <Spinner label={t("list.updating")} className="text-xs sm:ml-auto" />
          ) : null}
        </div>
        <ListContent
          query={mail}
          data={data}
          errorTitle={t("mail.fetchFailed")}
          empty={
            <EmptyState
              title={q ? t("mail.empty.filteredTitle") : t("mail.empty.title")}
              description={q ? undefined : t("mail.empty.text")}
              action={
                q ? (
                  <Button variant="outline" size="sm" onClick={clear}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : undefined
              }
            />
          }
        >
          {(data) => (
            <>
              <Table className={cn(stacked.table, "lg:min-w-[760px]")} aria-label={t("mail.tab")}>
                <THead className={stacked.head}>
                  <tr>
                    <Th className="pl-4">{cols.subject}</Th>
                    <Th>{cols.to}</Th>
                    <Th>{cols.status}</Th>
                    <Th className="pr-4">{cols.created}</Th>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {data.items.map((message) => (
                    // The subject button covers the whole row (after:inset-0), so any click opens it.
                    <Tr key={message.id} className={cn(stacked.row, "relative cursor-pointer")}>
                      <Td className={cn(stacked.primary, "pl-4")}>
                        <button
                          type="button"
                          onClick={() => setOpen(message)}
                          className="text-left font-medium text-slate-900 after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none focus-visible:after:rounded focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
                        >
                          {message.subject}
                        </button>
                        {message.attachments.length ? (
                          <span className="ms-2 inline-flex items-center gap-1 align-middle text-xs text-slate-500">
                            <Paperclip className="size-3.5" aria-hidden />
                            {t("mail.attachmentCount", { count: message.attachments.length })}
                          </span>
                        ) : null}
                      </Td>
                      <Td data-label={cols.to} className={cn(stacked.cell, "break-all text-slate-600")}>
                        {message.to}
                      </Td>
                      <Td data-label={cols.status} className={stacked.cell}>
                        <MailStatus status={message.status} />
                      </Td>
                      <Td
                        data-label={cols.created}
                        className={cn(stacked.cell, "whitespace-nowrap pr-4 text-slate-600")}
                      >
                        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
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
      <MailDialog message={open} onClose={() => setOpen(null)} />
    </div>
  );
}
