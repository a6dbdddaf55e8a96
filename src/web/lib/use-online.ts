import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { ApiRequestError } from "./api";

/** Whether the app counts as online (TanStack Query's view: the browser's events, decision 062). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** A request that never reached the server (no signal, or the server out of reach). */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiRequestError && (error.code === "NETWORK" || error.status >= 502);
