import type { AuditListQuery, MailListQuery, MailMessage } from "@shared/audit/audit.schema";
import { useQuery } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { adminKeys } from "../../../lib/query-keys";

export function useAuditLog(query: AuditListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: adminKeys.auditList(query),
    queryFn: ({ signal }) => api.get("/api/admin/audit", { query: { ...query }, signal }),
    retry: retryTransient,
    enabled: options.enabled,
  });
}

/** A stored attachment of an outbox message, by its position. */
export const downloadMailAttachment = (message: MailMessage, index: number) =>
  download(
    `/api/admin/mail/${encodeURIComponent(message.id)}/attachments/${index}`,
    {},
    message.attachments[index]?.fileName ?? "attachment",
  );

export function useMailOutbox(query: MailListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: adminKeys.mailList(query),
    queryFn: ({ signal }) => api.get("/api/admin/mail", { query: { ...query }, signal }),
    retry: retryTransient,
    enabled: options.enabled,
  });
}
