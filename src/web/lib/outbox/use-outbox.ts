import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useSyncExternalStore } from "react";
import { notify } from "../toast";
import { outboxSnapshot, startOutbox, subscribeOutbox } from "./outbox";

/** The signed-in user's outbox as it is now (entries waiting, on their way or refused), live. */
export function useOutbox() {
  return useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
}

/**
 * Runs the outbox for the signed-in user while the shell is shown: replays on start and when the
 * network returns; a sign-out stops it and keeps the entries on the phone for that user.
 */
export function useOutboxRunner(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => (userId ? startOutbox(userId, queryClient) : undefined), [userId, queryClient]);
}

/** The answer to an action kept on the phone: done, waiting to be sent (never a spinner forever). */
export function notifyQueued(t: TFunction) {
  notify({ title: t("common:outbox.savedTitle"), description: t("common:outbox.savedText") });
}
