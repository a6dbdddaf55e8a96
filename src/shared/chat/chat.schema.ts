import { pageSchema } from "@shared/api/api.schema";
import { z } from "zod";
import { syncTimesSchema } from "../sync/sync.schema";

/** A message's text: what a phone keyboard sends, bounded. */
export const CHAT_MESSAGE_MAX = 4000;
/** Photos and PDFs in a conversation (the storage rules: checked by content). */
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_FILE_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;
/** Messages per page of history (older pages on request). */
export const CHAT_HISTORY_PAGE = 30;

export const chatAttachmentSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const chatMessageSchema = z.object({
  id: z.uuid(),
  driverId: z.uuid(),
  /** Written by the driver (else by a staff member). */
  fromDriver: z.boolean(),
  senderName: z.string(),
  body: z.string(),
  load: z.object({ id: z.uuid(), loadNumber: z.string() }).nullable(),
  attachment: chatAttachmentSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Sent from the phone: when it was sent there, when it arrived, sent late (issue 41). */
  ...syncTimesSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadSchema = z.object({
  driverId: z.uuid(),
  driverName: z.string(),
  driverPhone: z.string().nullable(),
  /** The latest message, if any. */
  last: z
    .object({
      body: z.string(),
      fromDriver: z.boolean(),
      hasAttachment: z.boolean(),
      createdAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  /** Messages from the other side the caller has not read. */
  unread: z.number().int(),
  /** Read receipts: when the driver last read the thread, and when anyone in dispatch last did. */
  driverReadAt: z.iso.datetime({ offset: true }).nullable(),
  staffReadAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

export const chatThreadPageSchema = pageSchema(chatThreadSchema);
export type ChatThreadPage = z.infer<typeof chatThreadPageSchema>;

/** History, newest last; `before` (a message id) asks for the page before it. */
export const chatHistoryQuerySchema = z.object({
  before: z.uuid({ message: "Invalid message." }).optional(),
});
export const chatHistorySchema = z.object({
  items: z.array(chatMessageSchema),
  /** Older messages exist before the first one here. */
  more: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** A message as sent (multipart: `body`, optional `loadId` and `file`); text or a file is needed. */
export const chatSendFieldsSchema = z.object({
  body: z
    .string()
    .max(CHAT_MESSAGE_MAX, { message: `A message is at most ${CHAT_MESSAGE_MAX} characters.` })
    .default(""),
  loadId: z.union([z.uuid({ message: "Invalid load." }), z.literal("")]).optional(),
});

export const chatUnreadSchema = z.object({ unread: z.number().int() });
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/** What the events stream says about a conversation: a new message, or someone read it. */
export type ChatEvent =
  | { driverId: string; kind: "message"; message: ChatMessage }
  | { driverId: string; kind: "read" };
