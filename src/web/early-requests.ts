import { ROUTES } from "@shared/access";
import { FEATURE_NAMESPACES, SHELL_NAMESPACES } from "./app/route-namespaces";
import { api } from "./lib/api";
import { startEarly } from "./lib/early-fetch";
import { firstAnswers } from "./lib/first-screen";

/**
 * Imported first by main.tsx, so it runs before the rest of the app's code (issue 41, decision 058):
 * on a weak signal each round of requests that waits for the one before costs seconds, so what the
 * first screen needs is asked for at once, with its code —
 *  - the session (every screen asks for it);
 *  - on the driver's home, the driver's dashboard and the translations of the shell and of the
 *    screen, loaded with the first paint's (`<html data-namespaces>`, lib/i18n.ts) instead of after it.
 * A signed-out visitor's session answer is null; the dashboard's refusal is then nobody's to show.
 * When the server wrote the driver's first screen (decision 064), both answers are in the document
 * already (lib/first-screen.ts): nothing is asked for.
 */
const inDocument = firstAnswers() !== null;
if (!inDocument) startEarly("session", () => api.get("/api/session"));
if (window.location.pathname === ROUTES.driverDashboard.path) {
  if (!inDocument) startEarly("driver-dashboard", () => api.get("/api/driver-dashboard"));
  document.documentElement.dataset.namespaces = [
    ...SHELL_NAMESPACES,
    ...(FEATURE_NAMESPACES.dashboard ?? []),
  ].join(",");
}
