/** JSON or null, for an answer's body (kept apart from lib/api.ts so the service worker needs neither). */
export function safeJsonText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
