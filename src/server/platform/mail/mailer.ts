import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { mailMessages } from "../../db/schema";
import type { Logger } from "../../logger";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
  /** The stored file these bytes are, when they are one: the outbox offers it for download. */
  fileId?: string;
}

export interface MailMessageInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Also sent as Reply-To (e.g. the billing address on invoices). */
  replyTo?: string;
  /** Sent with the message; the outbox keeps their names, types, sizes and stored files (not the bytes). */
  attachments?: MailAttachment[];
  /** Extra headers (e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post on bulk mail). */
  headers?: Record<string, string>;
}

/** What became of a message: stored (no SMTP), sent or failed — `bounced` when the server refused it for good (5xx). */
export interface MailResult {
  id: string;
  status: "stored" | "sent" | "failed";
  bounced?: boolean;
  error?: string;
}

export interface Mailer {
  /** Stores the message and, when SMTP is configured, sends it. Never throws for a delivery failure. */
  send(message: MailMessageInput): Promise<MailResult>;
  readonly configured: boolean;
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: Logger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    configured: !!transport,
    async send(message) {
      const { attachments, replyTo, headers, ...stored } = message;
      const [row] = await opts.db
        .insert(mailMessages)
        .values({
          ...stored,
          html: message.html ?? null,
          status: "stored",
          attachments: attachments?.length
            ? attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                size: a.content.byteLength,
                ...(a.fileId ? { fileId: a.fileId } : {}),
              }))
            : null,
        })
        .returning({ id: mailMessages.id });
      if (!transport) return { id: row.id, status: "stored" };
      try {
        await transport.sendMail({
          from: opts.from,
          ...stored,
          replyTo,
          headers,
          attachments: attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content),
          })),
        });
        await opts.db
          .update(mailMessages)
          .set({ status: "sent", sentAt: new Date() })
          .where(eq(mailMessages.id, row.id));
        return { id: row.id, status: "sent" };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        // A 5xx answer (an unknown mailbox, a refused domain) will not succeed on a retry: a bounce.
        const code = (err as { responseCode?: number }).responseCode;
        const bounced = !!code && code >= 500;
        opts.log.warn("mail delivery failed", { id: row.id, bounced, code });
        await opts.db
          .update(mailMessages)
          .set({ status: "failed", error })
          .where(eq(mailMessages.id, row.id));
        return { id: row.id, status: "failed", bounced, error };
      }
    },
  };
}
