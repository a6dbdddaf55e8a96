import { ROUTES, type RouteKey, routePath } from "@shared/access";
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RouteErrorBoundary } from "../features/system/components/route-error-boundary";
import { FullScreenLoading } from "../features/system/components/status-screens";
import i18n, { i18nReady } from "../lib/i18n";
import { DEFAULT_REPORT_ID, ROUTE_KEYS, type RouteHandle } from "../lib/navigation";
import { PublicLayout } from "./layouts/public-layout";
import { LeaveForSignIn } from "./leave-for-sign-in";
import { RequireAuth } from "./require-auth";
import { FEATURE_NAMESPACES, SHELL_NAMESPACES } from "./route-namespaces";

type Lazy = NonNullable<RouteObject["lazy"]>;

/** A page module's default export as a lazily loaded route component. */
const page =
  (feature: string, load: () => Promise<{ default: ComponentType }>): Lazy =>
  async () => {
    // The screen's code and its feature's translations download together (one round trip, not two).
    // The first route loads while i18next is still detecting the reader's language: wait for it, or
    // the namespaces would be fetched in the fallback language.
    const code = load();
    await i18nReady;
    const [module] = await Promise.all([code, i18n.loadNamespaces([...(FEATURE_NAMESPACES[feature] ?? [])])]);
    return { Component: module.default };
  };

const notAvailable = page("system", () => import("../features/system/pages/not-available-page"));

/**
 * The screens built so far. Every other route of the table opens the "not available yet" page, so
 * a role's links never lead to a dead end; a later issue replaces its line here.
 */
const SCREENS: Partial<Record<RouteKey, Pick<RouteObject, "lazy" | "element">>> = {
  // The sign-in page is a document of its own (src/web/login.tsx, decision 022).
  login: { element: <LeaveForSignIn /> },
  register: { lazy: page("auth", () => import("../features/auth/pages/register-page")) },
  track: { lazy: page("public", () => import("../features/public/pages/track-page")) },
  trackingLink: { lazy: page("public", () => import("../features/public/pages/tracking-page")) },
  publicBolUpload: { lazy: page("public", () => import("../features/public/pages/bol-upload-page")) },
  changePassword: { lazy: page("auth", () => import("../features/auth/pages/change-password-page")) },
  home: { lazy: page("dashboard", () => import("../features/dashboard/pages/staff-dashboard-page")) },
  driverDashboard: {
    lazy: page("dashboard", () => import("../features/dashboard/pages/driver-dashboard-page")),
  },
  loads: { lazy: page("loads", () => import("../features/loads/pages/loads-page")) },
  loadNew: { lazy: page("loads", () => import("../features/loads/pages/load-new-page")) },
  loadDetail: { lazy: page("loads", () => import("../features/loads/pages/load-detail-page")) },
  loadEdit: { lazy: page("loads", () => import("../features/loads/pages/load-edit-page")) },
  locations: { lazy: page("locations", () => import("../features/locations/pages/locations-page")) },
  dispatchMap: { lazy: page("tracking", () => import("../features/tracking/pages/dispatch-map-page")) },
  loadBoard: { lazy: page("load-board", () => import("../features/load-board/pages/load-board-page")) },
  reportsIndex: { element: <Navigate to={routePath("reports", { reportId: DEFAULT_REPORT_ID })} replace /> },
  reports: { lazy: page("reports", () => import("../features/reports/pages/report-page")) },
  notifications: {
    lazy: page("notifications", () => import("../features/notifications/pages/notifications-page")),
  },
  chat: { lazy: page("chat", () => import("../features/chat/pages/chat-page")) },
  communications: {
    lazy: page("communications", () => import("../features/communications/pages/communications-page")),
  },
  meetings: { lazy: page("meetings", () => import("../features/meetings/pages/meetings-page")) },
  settings: { lazy: page("settings", () => import("../features/settings/pages/settings-page")) },
  permissions: { lazy: page("permissions", () => import("../features/permissions/pages/permissions-page")) },
  dataManagement: {
    lazy: page("data-management", () => import("../features/data-management/pages/data-management-page")),
  },
  profile: { lazy: page("settings", () => import("../features/settings/pages/profile-page")) },
  twoFactor: { lazy: page("settings", () => import("../features/settings/pages/two-factor-page")) },
  smsConsent: {
    lazy: page("communications", () => import("../features/communications/pages/sms-consent-page")),
  },
  customNotifications: {
    lazy: page("announcements", () => import("../features/announcements/pages/announcements-page")),
  },
  assignments: { lazy: page("assignments", () => import("../features/assignments/pages/assignments-page")) },
  fuelLog: { lazy: page("fuel", () => import("../features/fuel/pages/fuel-log-page")) },
  fuelEntries: { lazy: page("fuel", () => import("../features/fuel/pages/fuel-entries-page")) },
  tolls: { lazy: page("tolls", () => import("../features/tolls/pages/tolls-page")) },
  transactions: { lazy: page("accounting", () => import("../features/accounting/pages/transactions-page")) },
  bills: { lazy: page("accounting", () => import("../features/accounting/pages/bills-page")) },
  accounting: { lazy: page("accounting", () => import("../features/accounting/pages/payments-page")) },
  billCustomer: { lazy: page("invoices", () => import("../features/invoices/pages/bill-customer-page")) },
  bolManager: { lazy: page("paperwork", () => import("../features/paperwork/pages/bol-manager-page")) },
  settlements: {
    lazy: page("settlements", () => import("../features/settlements/pages/settlements-page")),
  },
  taxForms: { lazy: page("tax-forms", () => import("../features/tax-forms/pages/tax-forms-page")) },
  documents: { lazy: page("documents", () => import("../features/documents/pages/documents-page")) },
  coiManager: {
    lazy: page("certificates", () => import("../features/certificates/pages/coi-manager-page")),
  },
  contracts: { lazy: page("contracts", () => import("../features/contracts/pages/contracts-page")) },
  publicContract: {
    lazy: page("contracts", () => import("../features/contracts/pages/public-contract-page")),
  },
  paidStatements: {
    lazy: page("settlements", () => import("../features/settlements/pages/paid-statements-page")),
  },
  parking: { lazy: page("parking", () => import("../features/parking/pages/parking-page")) },
  calendar: { lazy: page("calendar", () => import("../features/calendar/pages/calendar-page")) },
  citations: { lazy: page("citations", () => import("../features/citations/pages/citations-page")) },
  accidents: { lazy: page("accidents", () => import("../features/accidents/pages/accidents-page")) },
  accidentNew: { lazy: page("accidents", () => import("../features/accidents/pages/accident-new-page")) },
  accidentDetail: {
    lazy: page("accidents", () => import("../features/accidents/pages/accident-detail-page")),
  },
  accidentEdit: { lazy: page("accidents", () => import("../features/accidents/pages/accident-edit-page")) },
  inspections: { lazy: page("inspections", () => import("../features/inspections/pages/inspections-page")) },
  inspectionNew: {
    lazy: page("inspections", () => import("../features/inspections/pages/inspection-new-page")),
  },
  inspectionDetail: {
    lazy: page("inspections", () => import("../features/inspections/pages/inspection-detail-page")),
  },
  drivers: { lazy: page("drivers", () => import("../features/drivers/pages/drivers-page")) },
  driverDetail: { lazy: page("drivers", () => import("../features/drivers/pages/driver-detail-page")) },
  driverRatings: { lazy: page("drivers", () => import("../features/drivers/pages/driver-ratings-page")) },
  driverReviews: { lazy: page("drivers", () => import("../features/drivers/pages/driver-reviews-page")) },
  userManagement: { lazy: page("users", () => import("../features/users/pages/user-management-page")) },
  accountReview: {
    lazy: page("registration", () => import("../features/registration/pages/account-review-page")),
  },
  adminActions: { lazy: page("audit", () => import("../features/audit/pages/actions-page")) },
  vehicles: { lazy: page("fleet", () => import("../features/fleet/pages/vehicles-page")) },
  vehicleDetail: { lazy: page("fleet", () => import("../features/fleet/pages/vehicle-detail-page")) },
  trailers: { lazy: page("fleet", () => import("../features/fleet/pages/trailers-page")) },
  trailerDetail: { lazy: page("fleet", () => import("../features/fleet/pages/trailer-detail-page")) },
  maintenance: { lazy: page("fleet", () => import("../features/fleet/pages/maintenance-page")) },
  customers: { lazy: page("customers", () => import("../features/customers/pages/customers-page")) },
  customerDetail: {
    lazy: page("customers", () => import("../features/customers/pages/customer-detail-page")),
  },
  customerPortal: { lazy: page("portal", () => import("../features/portal/pages/customer-portal-page")) },
  loadRequests: { lazy: page("portal", () => import("../features/portal/pages/load-requests-page")) },
  customerInvoices: { lazy: page("invoices", () => import("../features/invoices/pages/invoices-page")) },
  customerStatements: {
    lazy: page("statements", () => import("../features/statements/pages/statements-page")),
  },
};

/**
 * Downloads screens' code and words ahead (the driver's day offline, app/driver-day.ts): the module
 * stays loaded, so the router's own `lazy` finds it without the network. A failure is left for the
 * router to meet (and retry) when the screen is opened.
 */
export async function preloadScreens(keys: readonly RouteKey[]): Promise<void> {
  await Promise.all(
    keys.map((key) => {
      const lazy = SCREENS[key]?.lazy;
      return typeof lazy === "function" ? Promise.resolve(lazy()).catch(() => undefined) : undefined;
    }),
  );
}

function routeFor(key: RouteKey): RouteObject {
  const handle: RouteHandle = { routeKey: key };
  return { path: ROUTES[key].path, handle, ...(SCREENS[key] ?? { lazy: notAvailable }) };
}

const isPublic = (key: RouteKey) => ROUTES[key].access === "public";

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary fullPage />,
    HydrateFallback: FullScreenLoading,
    children: [
      { Component: PublicLayout, children: ROUTE_KEYS.filter(isPublic).map(routeFor) },
      {
        Component: RequireAuth,
        children: [
          {
            // The staff, driver and customer shell (sidebar, menus, sheet) downloads with the first
            // screen that needs it, never with the public pages (issue 11's login budget).
            lazy: async () => {
              const code = import("./layouts/app-layout");
              await i18nReady;
              const [layout] = await Promise.all([code, i18n.loadNamespaces([...SHELL_NAMESPACES])]);
              return { Component: layout.AppLayout };
            },
            // Inside the shell, so a failing screen keeps the sidebar and a way elsewhere.
            children: [
              {
                errorElement: <RouteErrorBoundary />,
                children: ROUTE_KEYS.filter((k) => !isPublic(k)).map(routeFor),
              },
            ],
          },
        ],
      },
      { path: "*", lazy: page("system", () => import("../features/system/pages/not-found-page")) },
    ],
  },
];

export const router = createBrowserRouter(routes);
