import { OpenAPIHono, z } from "@hono/zod-openapi";
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
import { type AppEnv, actorOf } from "../../http/context";
import {
  binary,
  chosenFile,
  fileResponse,
  optionalFileField,
  PDF_TYPE,
  uploadBodyLimit,
  withMiddleware,
} from "../../http/files";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import { createChatService } from "./chat.service";

const tags = ["Chat"];
const USE = "chat:use";
const driverParams = z.object({ driverId: z.uuid({ message: "Invalid driver." }) });

const threads = defineRoute({
  method: "get",
  path: "/api/chat/threads",
  tags,
  summary:
    "Conversations with drivers, latest message first (staff: every active driver's and any with messages; a driver: their own), with the caller's unread count and read receipts",
  access: USE,
  request: { query: chatThreadQuerySchema },
  responses: { 200: jsonContent(chatThreadPageSchema) },
});
const unread = defineRoute({
  method: "get",
  path: "/api/chat/unread",
  tags,
  summary: "Messages the caller has not read, across their conversations",
  access: USE,
  responses: { 200: jsonContent(chatUnreadSchema) },
});
const thread = defineRoute({
  method: "get",
  path: "/api/chat/threads/{driverId}",
  tags,
  summary:
    "One driver's conversation: the driver, unread count, read receipts (a driver: only their own, else 404)",
  access: USE,
  request: { params: driverParams },
  responses: { 200: jsonContent(chatThreadSchema) },
});
const history = defineRoute({
  method: "get",
  path: "/api/chat/threads/{driverId}/messages",
  tags,
  summary: "The conversation's messages, newest last, 30 at a time; `before` (a message id) pages back",
  access: USE,
  request: { params: driverParams, query: chatHistoryQuerySchema },
  responses: { 200: jsonContent(chatHistorySchema) },
});
const send = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/chat/threads/{driverId}/messages",
    tags,
    summary:
      "Send a message: text (up to 4000 characters) and/or one photo or PDF (10 MB, checked by content), optionally about one of the driver's loads; delivered live to the other side",
    access: USE,
    request: {
      params: driverParams,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: chatSendFieldsSchema.extend({ file: optionalFileField("A photo or PDF") }),
          },
        },
      },
    },
    responses: { 201: jsonContent(chatMessageSchema, "Sent") },
  }),
  uploadBodyLimit(CHAT_FILE_MAX_BYTES),
);
const read = defineRoute({
  method: "post",
  path: "/api/chat/threads/{driverId}/read",
  tags,
  summary: "Mark the conversation read up to now (the other side sees the read receipt)",
  access: USE,
  request: { params: driverParams },
  responses: { 200: jsonContent(okSchema) },
});
const attachment = defineRoute({
  method: "get",
  path: "/api/chat/messages/{id}/file",
  tags,
  summary: "A message's photo or PDF (for someone who may open the conversation)",
  access: USE,
  request: { params: uuidParams },
  responses: { 200: binary([PDF_TYPE, "image/*"], "The file") },
});

export function chatRoutes(deps: Deps) {
  const chat = createChatService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(threads, async (c) => c.json(await chat.threads(actorOf(c), c.req.valid("query")), 200))
    .openapi(unread, async (c) => c.json(await chat.unread(actorOf(c)), 200))
    .openapi(thread, async (c) => c.json(await chat.thread(actorOf(c), c.req.valid("param").driverId), 200))
    .openapi(history, async (c) =>
      c.json(await chat.history(actorOf(c), c.req.valid("param").driverId, c.req.valid("query").before), 200),
    )
    .openapi(send, async (c) => {
      const form = c.req.valid("form");
      const message = await chat.send(actorOf(c), c.req.valid("param").driverId, {
        body: form.body,
        loadId: form.loadId || undefined,
        file: chosenFile(form.file),
      });
      return c.json(message, 201);
    })
    .openapi(read, async (c) => c.json(await chat.markRead(actorOf(c), c.req.valid("param").driverId), 200))
    .openapi(attachment, async (c) =>
      fileResponse(c, await chat.attachment(actorOf(c), c.req.valid("param").id)),
    );
}
