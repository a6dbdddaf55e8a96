import type { ChatEvent } from "@shared/chat/chat.schema";
import type { QueryClient } from "@tanstack/react-query";
import { addToHistory, chatKeys, type HistoryData } from "./chat";

/**
 * What a chat event from the events stream changes on screen: a new message joins its open
 * conversation at once; the conversation list, the receipts and the unread counts are asked again.
 */
export function applyChatEvent(client: QueryClient, event: ChatEvent): void {
  if (event.kind === "message")
    client.setQueryData<HistoryData>(chatKeys.history(event.driverId), (d) => addToHistory(d, event.message));
  void client.invalidateQueries({ queryKey: chatKeys.thread(event.driverId) });
  void client.invalidateQueries({ queryKey: chatKeys.threads });
  void client.invalidateQueries({ queryKey: ["notifications", "unread"] });
}
