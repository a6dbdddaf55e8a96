import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { mailMessages } from "../../db/schema";
import type { Logger } from "../../logger";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessageInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Also sent as Reply-To (e.g. the billing address on invoices). */
  replyTo?: string;
  /** Sent with the message; the outbox keeps their names, types and sizes (not the bytes). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Stores the message and, when SMTP is configured, sends it. Never throws for a delivery failure. */
  send(message: MailMessageInput): Promise<{ id: string; status: "stored" | "sent" | "failed" }>;
  readonly configured: boolean;
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: Logger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    configured: !!transport,
    async send(message) {
      const { attachments, replyTo, ...stored } = message;
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
        opts.log.warn("mail delivery failed", { id: row.id, error });
        await opts.db
          .update(mailMessages)
          .set({ status: "failed", error })
          .where(eq(mailMessages.id, row.id));
        return { id: row.id, status: "failed" };
      }
    },
  };
}
