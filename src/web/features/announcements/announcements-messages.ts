import { ANNOUNCEMENT_MESSAGES } from "@shared/announcements/announcements.schema";
import { useMessageMap } from "../../lib/use-message-map";

/** The API's announcement messages → their keys in the `announcements` namespace. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(ANNOUNCEMENT_MESSAGES).map(([key, message]) => [message, `errors.${key}`]),
);

export const useAnnouncementMessages = () => useMessageMap("announcements", KNOWN);
