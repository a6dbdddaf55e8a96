import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { ROUTES } from "@shared/access";
import { requestId } from "hono/request-id";
import type { Deps } from "./deps";
import { bodySizeLimit, JSON_BODY_MAX_BYTES } from "./http/body";
import { compressJson } from "./http/compress";
import type { AppEnv } from "./http/context";
import { mountDocs, mountOpenApiDocument } from "./http/docs";
import { errorBody, handleError, validationError } from "./http/errors";
import { originCheck, securityHeaders } from "./http/security";
import { serveWebApp } from "./http/web-app";
import { accidentsRoutes } from "./modules/accidents/accidents.routes";
import { billsRoutes } from "./modules/accounting/bills.routes";
import { ledgerRoutes } from "./modules/accounting/ledger.routes";
import { paymentsRoutes } from "./modules/accounting/payments.routes";
import { announcementsRoutes } from "./modules/announcements/announcements.routes";
import { assignmentsRoutes } from "./modules/assignments/assignments.routes";
import { assistantRoutes } from "./modules/assistant/assistant.routes";
import { auditRoutes } from "./modules/audit/audit.routes";
import { authRoutes, documentAuthRoutes } from "./modules/auth/auth.routes";
import { meRoutes } from "./modules/auth/me.routes";
import { authChangeBarrier, sessionMiddleware } from "./modules/auth/session";
import { twoFactorRoutes } from "./modules/auth/two-factor.routes";
import { calendarRoutes } from "./modules/calendar/calendar.routes";
import { timeOffRoutes } from "./modules/calendar/time-off.routes";
import { certificatesRoutes } from "./modules/certificates/certificates.routes";
import { chatRoutes } from "./modules/chat/chat.routes";
import { citationsRoutes } from "./modules/citations/citations.routes";
import { safetyLookupsRoutes } from "./modules/citations/safety-lookups.routes";
import { communicationsRoutes } from "./modules/communications/communications.routes";
import { smsRoutes } from "./modules/communications/sms.routes";
import { contractSigningRoutes } from "./modules/contracts/contract-signing.routes";
import { contractsRoutes } from "./modules/contracts/contracts.routes";
import { customersRoutes } from "./modules/customers/customers.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { dataManagementRoutes } from "./modules/data-management/data-management.routes";
import { documentsRoutes } from "./modules/documents/documents.routes";
import { driversRoutes } from "./modules/drivers/drivers.routes";
import { driverRatingsRoutes } from "./modules/drivers/ratings.routes";
import { fleetRoutes } from "./modules/fleet/fleet.routes";
import { fuelRoutes } from "./modules/fuel/fuel.routes";
import { geoRoutes } from "./modules/geo/geo.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { inspectionsRoutes } from "./modules/inspections/inspections.routes";
import { billingQueueRoutes } from "./modules/invoices/billing-queue.routes";
import { invoicesRoutes } from "./modules/invoices/invoices.routes";
import { loadBoardRoutes } from "./modules/load-board/load-board.routes";
import { driverDashboardRoutes } from "./modules/loads/driver-dashboard.routes";
import { driverHomeDocument } from "./modules/loads/driver-home.routes";
import { loadsRoutes } from "./modules/loads/loads.routes";
import { lookupsRoutes } from "./modules/loads/lookups.routes";
import { locationsRoutes } from "./modules/locations/locations.routes";
import { meetingsRoutes } from "./modules/meetings/meetings.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { notificationPreferencesRoutes } from "./modules/notifications/preferences.routes";
import { paperworkRoutes } from "./modules/paperwork/paperwork.routes";
import { parkingRoutes } from "./modules/parking/parking.routes";
import { permissionsRoutes } from "./modules/permissions/permissions.routes";
import { loadRequestsRoutes } from "./modules/portal/load-requests.routes";
import { portalRoutes } from "./modules/portal/portal.routes";
import { portalBillingRoutes } from "./modules/portal/portal-billing.routes";
import { publicRoutes } from "./modules/public/public.routes";
import { pushRoutes } from "./modules/push/push.routes";
import { registrationRoutes } from "./modules/registration/registration.routes";
import { reportsRoutes } from "./modules/reports/reports.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { settlementsRoutes } from "./modules/settlements/settlements.routes";
import { statementsRoutes } from "./modules/statements/statements.routes";
import { taxFormsRoutes } from "./modules/tax-forms/tax-forms.routes";
import { tollsRoutes } from "./modules/tolls/tolls.routes";
import { mapBaseOf } from "./modules/tracking/map-base";
import { mapBaseRoutes } from "./modules/tracking/map-base.routes";
import { trackingRoutes } from "./modules/tracking/tracking.routes";
import { usersRoutes } from "./modules/users/users.routes";
import { createClientRequestStore } from "./platform/idempotency/client-requests";
import { countRequests } from "./platform/lifecycle/drain";

/** The built web app (WEB_DIST lets a developer serve another build). */
export const WEB_DIST = path.resolve(process.env.WEB_DIST ?? "dist/web");

/** Builds the whole HTTP app. Tests call `app.request()` on it; main.ts serves it. */
export function createApp(deps: Deps, options: { serveWeb?: boolean; webDist?: string } = {}) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  app.onError(handleError(deps.log));
  app.use(countRequests); // the graceful shutdown waits for these (platform/lifecycle/drain.ts)
  app.use(requestId({ limitLength: 64 }));
  app.use(securityHeaders({ mapOrigins: () => mapBaseOf(deps).origins() }));
  app.use("/api/*", compressJson()); // JSON answers of 1 KB or more, brotli or gzip (decision 058)
  app.use("/api/*", originCheck(deps.config));
  app.use("/api/*", authChangeBarrier(deps));

  app.use("/api/auth/*", bodySizeLimit(JSON_BODY_MAX_BYTES));
  app.route("/", authRoutes(deps));
  app.use("/api/*", sessionMiddleware(deps));
  const clientRequests = createClientRequestStore(deps.db);
  app.use("/api/*", async (c, next) => {
    c.set("clientRequests", clientRequests);
    await next();
  });

  for (const routes of [
    healthRoutes,
    meRoutes,
    registrationRoutes,
    usersRoutes,
    auditRoutes,
    publicRoutes,
    mapBaseRoutes,
    calendarRoutes,
    timeOffRoutes,
    assignmentsRoutes,
    fleetRoutes,
    inspectionsRoutes,
    loadsRoutes,
    loadBoardRoutes,
    lookupsRoutes,
    locationsRoutes,
    driverDashboardRoutes,
    citationsRoutes,
    accidentsRoutes,
    safetyLookupsRoutes,
    fuelRoutes,
    tollsRoutes,
    parkingRoutes,
    customersRoutes,
    portalRoutes,
    loadRequestsRoutes,
    invoicesRoutes,
    billingQueueRoutes,
    paperworkRoutes,
    statementsRoutes,
    ledgerRoutes,
    billsRoutes,
    settlementsRoutes,
    taxFormsRoutes,
    documentsRoutes,
    contractsRoutes,
    contractSigningRoutes,
    certificatesRoutes,
    paymentsRoutes,
    portalBillingRoutes,
    driversRoutes,
    driverRatingsRoutes,
    reportsRoutes,
    dashboardRoutes,
    notificationPreferencesRoutes,
    notificationsRoutes,
    pushRoutes,
    chatRoutes,
    announcementsRoutes,
    communicationsRoutes,
    smsRoutes,
    meetingsRoutes,
    settingsRoutes,
    // Before the permissions editor's routes: the access walk resets the matrix when it reaches them.
    geoRoutes,
    twoFactorRoutes,
    searchRoutes,
    permissionsRoutes,
    dataManagementRoutes,
    assistantRoutes,
    trackingRoutes,
  ]) {
    app.route("/", routes(deps));
  }

  mountOpenApiDocument(app, documentAuthRoutes);
  mountDocs(app);
  app.all("/api/*", (c) => c.json(errorBody("NOT_FOUND", "No such API operation."), 404));

  const webDist = options.webDist ?? WEB_DIST;
  if (options.serveWeb && existsSync(webDist)) {
    // The service worker (decision 059; the web's SERVICE_WORKER_URL): revalidated on every check, so a
    // new build is found on the next visit, and allowed to control the whole site. Set once the file
    // is found (headers set in serveStatic's onFound miss a Response built before them).
    app.get(
      "/sw.js",
      async (c, next) => {
        await next();
        if (c.res.ok) {
          c.header("Cache-Control", "no-cache");
          c.header("Service-Worker-Allowed", "/");
        }
      },
      serveStatic({ path: path.relative(process.cwd(), path.join(webDist, "sw.js")) }),
    );
    // The driver's home for a signed-in driver: its first screen written in (decision 064).
    driverHomeDocument(app, webDist);
    // Everything else of the build, compressed as built (decision 058).
    serveWebApp(app, webDist, {
      [ROUTES.login.path]: "login.html", // a document of its own, built apart from the app (decision 022)
      [ROUTES.driverDashboard.path]: "driver-dashboard.html", // its code preloaded (decision 058)
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
