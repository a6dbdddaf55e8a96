/**
 * Expiry warnings for any dated document (licence, medical card, insurance, registration...):
 * "Expired", "Expires today" or "Expires in N days" (the Document Center's wording, spec section 2).
 * Dates are calendar dates (YYYY-MM-DD); `today` is the viewer's date, passed in so server, browser
 * and tests agree.
 */
export type ExpiryState =
  | { kind: "expired"; days: number }
  | { kind: "today"; days: 0 }
  | { kind: "soon"; days: number }
  | { kind: "valid"; days: number };

/** How far ahead a coming expiry is flagged. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysUntil(to: string, from: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function expiryState(
  date: string | null | undefined,
  today: string,
  warningDays = EXPIRY_WARNING_DAYS,
): ExpiryState | null {
  if (!date || !ISO_DATE.test(date) || !ISO_DATE.test(today)) return null;
  const days = daysUntil(date, today);
  if (days < 0) return { kind: "expired", days: -days };
  if (days === 0) return { kind: "today", days: 0 };
  if (days <= warningDays) return { kind: "soon", days };
  return { kind: "valid", days };
}

/** Whether the date needs attention: expired, today or within the warning window. */
export function needsAttention(state: ExpiryState | null): boolean {
  return !!state && state.kind !== "valid";
}

/** The English message, for exports and server texts; the UI translates the same states. */
export function expiryMessage(state: ExpiryState | null): string | null {
  if (!state) return null;
  switch (state.kind) {
    case "expired":
      return state.days === 1 ? "Expired yesterday" : `Expired ${state.days} days ago`;
    case "today":
      return "Expires today";
    case "soon":
      return state.days === 1 ? "Expires in 1 day" : `Expires in ${state.days} days`;
    case "valid":
      return null;
  }
}

/** Today as YYYY-MM-DD in the local time of the caller (the browser's, or the server's UTC). */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}
