import { z } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
import {
  CHAT_FILE_MAX_BYTES,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessageSchema,
  chatSendFieldsSchema,
  chatThreadPageSchema,
  chatThreadSchema,
  chatUnreadSchema,
} from "@shared/chat/chat.schema";
import { chatThreadQuerySchema } from "@shared/chat/chat-query.schema";
import type { Deps } from "../../deps";
import { chosenFile, optionalFileField, PDF_TYPE } from "../../http/files";
import { routeTable } from "../../http/route-table";
import { createChatService } from "./chat.service";

const driverParams = z.object({ driverId: z.uuid({ message: "Invalid driver." }) });

export function chatRoutes(deps: Deps) {
  const chat = createChatService(deps);
  const t = routeTable({ tags: ["Chat"], access: "chat:use" });
  t.list(
    "/api/chat/threads",
    {
      summary:
        "Conversations with drivers, latest message first (staff: every active driver's and any with messages; a driver: their own), with the caller's unread count and read receipts",
      query: chatThreadQuerySchema,
      response: chatThreadPageSchema,
    },
    ({ actor, query }) => chat.threads(actor, query),
  );
  t.list(
    "/api/chat/unread",
    { summary: "Messages the caller has not read, across their conversations", response: chatUnreadSchema },
    ({ actor }) => chat.unread(actor),
  );
  t.get(
    "/api/chat/threads/{driverId}",
    {
      summary:
        "One driver's conversation: the driver, unread count, read receipts (a driver: only their own, else 404)",
      params: driverParams,
      response: chatThreadSchema,
    },
    ({ actor, params }) => chat.thread(actor, params.driverId),
  );
  t.get(
    "/api/chat/threads/{driverId}/messages",
    {
      summary: "The conversation's messages, newest last, 30 at a time; `before` (a message id) pages back",
      params: driverParams,
      query: chatHistoryQuerySchema,
      response: chatHistorySchema,
    },
    ({ actor, params, query }) => chat.history(actor, params.driverId, query.before),
  );
  t.upload(
    "/api/chat/threads/{driverId}/messages",
    {
      summary:
        "Send a message: text (up to 4000 characters) and/or one photo or PDF (10 MB, checked by content), optionally about one of the driver's loads; delivered live to the other side",
      params: driverParams,
      form: chatSendFieldsSchema.extend({ file: optionalFileField("A photo or PDF") }),
      response: chatMessageSchema,
      described: "Sent",
      maxBytes: CHAT_FILE_MAX_BYTES,
      replayable: true,
    },
    ({ actor, params, form, occurredAt, receivedAt }) =>
      chat.send(
        actor,
        params.driverId,
        { body: form.body, loadId: form.loadId || undefined, file: chosenFile(form.file) },
        { occurredAt, receivedAt },
      ),
  );
  t.json(
    "post",
    "/api/chat/threads/{driverId}/read",
    {
      summary: "Mark the conversation read up to now (the other side sees the read receipt)",
      params: driverParams,
      response: okSchema,
    },
    ({ actor, params }) => chat.markRead(actor, params.driverId),
  );
  t.download(
    "/api/chat/messages/{id}/file",
    {
      summary: "A message's photo or PDF (for someone who may open the conversation)",
      types: [PDF_TYPE, "image/*"],
    },
    ({ actor, id }) => chat.attachment(actor, id),
  );
  return t.app;
}
