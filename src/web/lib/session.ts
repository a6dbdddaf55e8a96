import type { Me } from "@shared/auth/auth.schema";
import type { LoginInput } from "@shared/auth/login.schema";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { ApiRequestError, api } from "./api";
import { takeEarly } from "./early-fetch";
import { takeFirstAnswer } from "./first-screen";

// Plain strings: the session helpers stay free of the route table (both documents use them, decision
// 022); session.test.ts checks they equal ROUTES.login.path and ROUTES.home.path.
export const SIGN_IN_PATH = "/login";
export const HOME_PATH = "/";

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
    // The driver's home document may carry the answer (decision 064); else asked at the app's start.
    queryFn: async () =>
      (
        (takeFirstAnswer("session") as { me: Me | null } | undefined) ??
        (await takeEarly("session", () => api.get("/api/session")))
      ).me,
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
  if (broadcast) broadcastAuthEvent(event);
}

/** Tells the other tabs (they reload the session): the sign-in document has no query cache of its own. */
export function broadcastAuthEvent(event: AuthEvent): void {
  channel?.postMessage(event);
}

const RETURN_TO_KEY = "lms:return-to";
const NOTICE_KEY = "lms:sign-in-notice";

/** Why the app sent the user to sign in, when the sign-in page should say so. */
export type SignInNotice = "adminSessionLost";

/** The reason goToSignIn left for the sign-in page, once. */
export function takeSignInNotice(): SignInNotice | null {
  try {
    const notice = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return notice === "adminSessionLost" ? notice : null;
  } catch {
    return null;
  }
}

/**
 * Leaves for the sign-in page, a document of its own outside the app's router (decision 022). `from`
 * is where to come back after signing in; it waits in this tab's session storage, so the sign-in
 * address stays plain `/login`.
 */
export function goToSignIn(
  from?: { pathname: string; search?: string; hash?: string },
  notice?: SignInNotice,
): void {
  try {
    if (from) sessionStorage.setItem(RETURN_TO_KEY, `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`);
    else sessionStorage.removeItem(RETURN_TO_KEY);
    if (notice) sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    // Storage refused (private mode): the user lands on the home screen instead.
  }
  window.location.replace(SIGN_IN_PATH);
}

/** Where to go after signing in: the page that sent the user here, never an outside or sign-in address. */
export function takeReturnPath(): string {
  let to: string | null = null;
  try {
    to = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    to = null;
  }
  return to && isReturnPath(to) ? to : HOME_PATH;
}

export function isReturnPath(to: string): boolean {
  return (
    to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") && !/^\/login(?:[/?#]|$)/.test(to)
  );
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

/**
 * An identity switch in progress: where it goes, and whether the new app user has loaded. The
 * router renders its navigation in a transition, so the new user can reach a guard while the old
 * page is still on screen (an admin on the driver's dashboard, bounced home). Guards wait until
 * both the user and the destination are there.
 */
export type IdentitySwitch = { readonly to: string; readonly settled: boolean };

let current: IdentitySwitch | null = null;
const switchListeners = new Set<() => void>();
const setSwitch = (value: IdentitySwitch | null) => {
  current = value;
  for (const listener of switchListeners) listener();
};

/** The switch in progress, or null: route guards wait rather than judge the identity being left. */
/** Whether the signed-in identity is changing now (a background request would go as the wrong user). */
export const identitySwitching = (): boolean => current !== null;

export function useIdentitySwitch(): IdentitySwitch | null {
  return useSyncExternalStore(
    (listener) => {
      switchListeners.add(listener);
      return () => switchListeners.delete(listener);
    },
    () => current,
  );
}

/** Called by the guard once the settled switch's destination is rendered. */
export function finishIdentitySwitch(done: IdentitySwitch): void {
  if (current === done) setSwitch(null);
}

/** A switch whose destination never renders (the move failed) must not hold the screen forever. */
const SWITCH_GIVE_UP_MS = 10_000;

/**
 * Moves to `to`, then loads the new app user; the guard opens the destination once both are done.
 * Moving first matters: refetching the old page's data as the new user would only earn 403s.
 */
export async function switchIdentity(
  queryClient: QueryClient,
  event: AuthEvent,
  to: string,
  navigate: (to: string) => void | Promise<void>,
): Promise<void> {
  const pending: IdentitySwitch = { to, settled: false };
  setSwitch(pending);
  try {
    await navigate(to);
    await settleAuthEvent(queryClient, event);
  } finally {
    const settled: IdentitySwitch = { to, settled: true };
    if (current === pending) setSwitch(settled);
    setTimeout(() => finishIdentitySwitch(settled), SWITCH_GIVE_UP_MS);
  }
}

export function listenToOtherTabs(queryClient: QueryClient): () => void {
  if (!channel) return () => {};
  const onMessage = (e: MessageEvent<AuthEvent>) => handleAuthEvent(queryClient, e.data, false);
  channel.addEventListener("message", onMessage);
  return () => channel.removeEventListener("message", onMessage);
}

/** The password step; `twoFactor` when the account asks for an authenticator code next. */
export async function signIn(input: LoginInput): Promise<{ twoFactor: boolean }> {
  const answer = await api.post("/api/auth/sign-in/email", {
    body: { email: input.email, password: input.password, rememberMe: true },
  });
  return { twoFactor: answer.twoFactorRedirect === true };
}

/** Signing out while impersonating first stops the impersonation (spec section 4). */
export async function signOut(me: Me | null | undefined): Promise<void> {
  if (me?.impersonation) {
    await api.post("/api/impersonation/stop").catch(() => undefined);
  } else {
    await forgetPushDevice().catch(() => undefined);
  }
  await api.post("/api/auth/sign-out", { body: {} });
}

/**
 * Signing out of a browser turns its push notifications off (decision 063): a shared tablet must not
 * keep showing the last driver's loads. Removed on the server while the session still exists.
 */
async function forgetPushDevice(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  const { subscriptions } = await api.get("/api/push/subscriptions");
  const mine = subscriptions.find((s) => s.endpoint === subscription.endpoint);
  if (mine) await api.delete("/api/push/subscriptions/{id}", { path: { id: mine.id } });
  await subscription.unsubscribe();
}

export async function startImpersonation(userId: string): Promise<{ email: string }> {
  return api.post("/api/admin/impersonation", { body: { userId } });
}

export async function stopImpersonation(): Promise<{ email: string }> {
  return api.post("/api/impersonation/stop");
}
