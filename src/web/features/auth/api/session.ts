import type { LoginInput, Me } from "@shared/auth/auth.schema";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { ApiRequestError, api } from "../../../lib/api";

export const meQueryKey = ["me"] as const;

/**
 * The session as the UI knows it: the app user, or null when signed out.
 * A 401 means "signed out", not an error; anything else is surfaced to the caller.
 */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    // /api/session answers 200 with null for nobody: pages open to everyone (tracking, BOL upload,
    // sign-in) ask without a 401 landing in the browser's console.
    queryFn: async () => (await api<{ me: Me | null }>("/api/session")).me,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status < 500) && count < 2,
  });
}

export type AuthEvent =
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "USER_UPDATED"
  | "IMPERSONATION_CHANGED"
  | "PASSWORD_CHANGED";

const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("lms-auth") : null;

/**
 * Auth events (spec section 4): a sign-out clears all user state; every other event reloads the
 * session and the app user. Other tabs hear the same event.
 */
export function handleAuthEvent(queryClient: QueryClient, event: AuthEvent, broadcast = true) {
  if (event === "SIGNED_OUT") {
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
  } else {
    void queryClient.invalidateQueries();
    void queryClient.refetchQueries({ queryKey: meQueryKey });
  }
  if (broadcast) channel?.postMessage(event);
}

/**
 * handleAuthEvent, then waits for the fresh app user. Navigate only after this: a route guard that
 * still sees the previous user (signed out, impersonated, temporary password) would bounce the
 * navigation to the wrong place.
 */
export async function settleAuthEvent(queryClient: QueryClient, event: AuthEvent): Promise<void> {
  handleAuthEvent(queryClient, event);
  if (event !== "SIGNED_OUT")
    await queryClient.refetchQueries({ queryKey: meQueryKey }, { cancelRefetch: false });
}

let switching = false;
const switchingListeners = new Set<() => void>();
const setSwitching = (value: boolean) => {
  switching = value;
  for (const listener of switchingListeners) listener();
};

/** True while switchIdentity runs: route guards wait rather than judge the identity being left. */
export function useIdentitySwitching(): boolean {
  return useSyncExternalStore(
    (listener) => {
      switchingListeners.add(listener);
      return () => switchingListeners.delete(listener);
    },
    () => switching,
  );
}

/**
 * Moves to `go`'s destination, then loads the new app user. Without the pause, a guard that sees
 * the new user on the old page (an admin on the driver's dashboard) redirects home and cancels the
 * move.
 */
export async function switchIdentity(
  queryClient: QueryClient,
  event: AuthEvent,
  go: () => void | Promise<void>,
): Promise<void> {
  setSwitching(true);
  try {
    await go();
    await settleAuthEvent(queryClient, event);
  } finally {
    setSwitching(false);
  }
}

export function listenToOtherTabs(queryClient: QueryClient): () => void {
  if (!channel) return () => {};
  const onMessage = (e: MessageEvent<AuthEvent>) => handleAuthEvent(queryClient, e.data, false);
  channel.addEventListener("message", onMessage);
  return () => channel.removeEventListener("message", onMessage);
}

export async function signIn(input: LoginInput): Promise<void> {
  await api("/api/auth/sign-in/email", {
    body: { email: input.email, password: input.password, rememberMe: true },
  });
}

/** Signing out while impersonating first stops the impersonation (spec section 4). */
export async function signOut(me: Me | null | undefined): Promise<void> {
  if (me?.impersonation) {
    await api("/api/impersonation/stop", { method: "POST" }).catch(() => undefined);
  }
  await api("/api/auth/sign-out", { method: "POST", body: {} });
}

export async function startImpersonation(userId: string): Promise<{ email: string }> {
  return api("/api/admin/impersonation", { body: { userId } });
}

export async function stopImpersonation(): Promise<{ email: string }> {
  return api("/api/impersonation/stop", { method: "POST" });
}
