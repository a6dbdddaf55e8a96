/**
 * The access table: roles, permissions and every route of the product with its allowed roles.
 * The server's guards, the client's router and the sidebar all read this one file, so a role
 * can never see a screen the API would refuse it (and UI hiding is never the protection).
 */

export const ROLES = [
  "admin",
  "manager",
  "dispatcher",
  "safety",
  "accountant",
  "driver",
  "customer",
] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = [
  "admin",
  "manager",
  "dispatcher",
  "safety",
  "accountant",
] as const satisfies readonly Role[];

/** Who may call an API operation or open a route. */
export type Access = "public" | "authenticated" | readonly Role[];

/** Permissions the API checks. Named `domain:action`; each maps to the roles that hold it. */
export const PERMISSIONS = {
  "profile:read": ROLES,
  "profile:update": ROLES,
  "users:read": ["admin"],
  "users:manage": ["admin"],
  "impersonation:start": ["admin"],
  /** The permissions editor (/permissions): grant and revoke within the routes' ceiling, reset. */
  "permissions:manage": ["admin"],
  /** Data management (/admin/data-management): export everything, backups, retention. */
  "data:manage": ["admin"],
  /** The AI assistant panel (every staff and driver screen): its tools run with the user's own permissions. */
  "assistant:use": ["admin", "manager", "dispatcher", "safety", "accountant", "driver"],
  /** Settings → AI assistant: the provider, model and API key. */
  "assistant:configure": ["admin", "manager"],
  /**
   * Moving the assistant to another provider or server address, where the company's questions (and
   * the key, entered again) are sent: the admin's by default (issue 38, decision 033).
   */
  "assistant:endpoint": ["admin"],
  /** Where the trucks are (issue 40): the dispatch map, a load's position, ETA and route. */
  "tracking:view": ["admin", "manager", "dispatcher"],
  /** Sharing the phone's position while on a load (with the driver's consent, decision 054). */
  "tracking:share": ["driver"],
  /** Settings → Maps & tracking: geofence radius, retention, tile style, circuity factor. */
  "geo:configure": ["admin", "manager"],
  /**
   * Choosing a geocoder, routing engine or ELD/GPS provider, where addresses and positions are sent
   * (and its key, entered again): the admin's, like the assistant's endpoint.
   */
  "geo:endpoint": ["admin"],
  "accountReviews:manage": ["admin"],
  "audit:read": ["admin"],
  "mail:read": ["admin"],
  "notifications:read": ROLES,
  /** Custom notifications (/notifications/custom): compose, schedule, edit, cancel, see who read them. */
  "announcements:manage": ["admin", "manager"],
  /** The communications hub (/communications): mass email, the communication log, the user's signature. */
  "communications:send": ["admin", "manager", "dispatcher"],
  /** The email signature under every email a person sends (staff: Settings, the hub, their profile). */
  "signature:manage": ["admin", "manager", "dispatcher", "safety", "accountant"],
  /** Settings → Company (/settings): the company's profile on every PDF and email, its logo and calendar. */
  "company:manage": ["admin", "manager"],
  /** The company's automated-notification switches per event and channel (the hub's Automated tab). */
  "automatedNotifications:manage": ["admin", "manager"],
  /** SMS consent records (/admin/sms-consent): record, revoke, import. */
  "smsConsent:manage": ["admin"],
  /** Virtual meetings (/meetings): schedule, invite, cancel. */
  "meetings:manage": ["admin", "manager"],
  /** Chat (/communications/chat): staff reach every driver's conversation, a driver only their own. */
  "chat:use": ["admin", "manager", "dispatcher", "driver"],
  // Dispatch. Drivers only ever reach their own loads (decided in the loads service).
  "loads:read": ["admin", "manager", "dispatcher", "driver"],
  "loads:write": ["admin", "manager", "dispatcher"],
  "loads:driverActions": ["driver"],
  /** A load's miles by state (IFTA): dispatch, or the load's own driver (decided in the service). */
  "loads:stateMiles": ["admin", "manager", "dispatcher", "driver"],
  "loadBoard:browse": ["driver"],
  "loadBoard:interest": ["driver"],
  "loadBoard:manage": ["admin", "manager", "dispatcher"],
  "bolLinks:manage": ["admin", "manager", "dispatcher"],
  /**
   * The BOL manager (/accounting/bol-manager): every load's BOL and POD, viewable inline; verify,
   * reject, ask the driver, hand out an upload link, download as one PDF.
   */
  "paperwork:read": ["admin", "manager", "accountant"],
  "paperwork:write": ["admin", "manager", "accountant"],
  "assignments:read": ["admin", "manager", "dispatcher"],
  "assignments:write": ["admin", "manager", "dispatcher"],
  /**
   * Pickers of drivers, customers, vehicles and trailers in dispatch forms, and in the accounting
   * screens' forms and filters (a ledger entry names its truck, driver and load).
   */
  "dispatch:lookups": ["admin", "manager", "dispatcher", "accountant"],
  "calendar:read": ["admin", "manager", "dispatcher", "driver"],
  "timeOff:read": ["admin", "manager", "dispatcher", "driver"],
  "timeOff:request": ["driver"],
  "timeOff:review": ["admin", "manager"],
  // Customer billing: invoices (/customers/invoice) and statements (/customers/statements). A customer
  // reads only their own invoices and statement (decided in the invoices service).
  "invoices:read": ["admin", "manager", "accountant"],
  "invoices:write": ["admin", "manager", "accountant"],
  // Accounting: the ledger of money in and out (/accounting/transactions).
  "ledger:read": ["admin", "manager", "accountant"],
  "ledger:write": ["admin", "manager", "accountant"],
  // Bills the company pays (/accounting/bills): one-time and subscriptions, mark as paid.
  "bills:read": ["admin", "manager", "accountant"],
  "bills:write": ["admin", "manager", "accountant"],
  "statements:read": ["admin", "manager", "dispatcher"],
  /**
   * Driver settlements (/accounting/settlements): dispatch prepares drafts with accounting; approving,
   * paying and voiding, the pay rules and standing deductions are accounting's. A driver reads their
   * own approved and paid settlements (with the PDF) from their dashboard (decided in the service).
   */
  "settlements:read": ["admin", "manager", "dispatcher", "accountant"],
  "settlements:write": ["admin", "manager", "dispatcher", "accountant"],
  "settlements:approve": ["admin", "manager", "accountant"],
  "settlements:own": ["driver"],
  /** Paid statements (/accounting/statements): one per paid settlement. */
  "paidStatements:read": ["admin", "manager", "accountant"],
  /** 1099-NEC forms (/accounting/tax-forms); whole TINs (the IRIS file) need `drivers:taxId` too. */
  "taxForms:read": ["admin", "manager", "accountant"],
  "taxForms:write": ["admin", "accountant"],
  "portalBilling:read": ["customer"],
  /**
   * Reports (/reports/:reportId): the spec's admin, manager and dispatcher. The financial and profit
   * and loss reports show the ledger's figures, so they also need the ledger's roles (decision 027):
   * a dispatcher opens the fleet, operational, maintenance, compliance and IFTA reports.
   */
  "reports:read": ["admin", "manager", "dispatcher"],
  "reports:money": ["admin", "manager"],
  /** The quarter's IFTA tax rates (entered from the IFTA rate matrix). */
  "iftaRates:write": ["admin", "manager"],
  /** The staff dashboard (/): each role's tiles, decided in the dashboard service. */
  "dashboard:read": ["admin", "manager", "dispatcher", "safety", "accountant"],
  // Safety: citations and accidents. A driver reads only their own citations and may dispute them
  // (decided in the citations service).
  "citations:read": ["admin", "manager", "driver", "safety"],
  "citations:write": ["admin", "manager", "safety"],
  "citations:dispute": ["driver"],
  "accidents:read": ["admin", "manager", "safety"],
  "accidents:write": ["admin", "manager", "safety"],
  /** The driver, vehicle and trailer pickers of the citation and accident forms and filters. */
  "safety:lookups": ["admin", "manager", "safety"],
  // Driver management. Accountants read drivers through the API (1099s need the tax id) without the
  // /drivers screen; only `drivers:taxId` roles receive a tax id whole (masked for everyone else).
  "drivers:read": ["admin", "manager", "dispatcher", "safety", "accountant"],
  "drivers:write": ["admin", "manager", "dispatcher", "safety"],
  /** Give a driver a sign-in account (on creation or later). */
  "drivers:accounts": ["admin", "manager", "dispatcher"],
  /** Deactivate, reactivate and delete (a driver with loads can only be deactivated). */
  "drivers:deactivate": ["admin", "manager"],
  "drivers:taxId": ["admin", "accountant"],
  "driverRatings:read": ["admin", "manager", "dispatcher"],
  "driverRatings:write": ["admin", "manager", "dispatcher"],
  // Fuel log: drivers log and see their own entries (decided in the fuel service); staff see all.
  "fuel:log": ["driver"],
  "fuel:read": ["admin", "manager", "dispatcher", "safety", "accountant", "driver"],
  /** Every driver's entries: the staff view and its driver filter. */
  "fuel:readAll": ["admin", "manager", "dispatcher", "safety", "accountant"],
  /** Remove any entry; a driver may remove their own within 24 hours (fuel service). */
  "fuel:delete": ["admin", "manager", "accountant", "driver"],
  "tolls:manage": ["admin", "manager", "dispatcher"],
  "parking:manage": ["admin", "manager", "dispatcher"],
  // Inspections. Drivers file and see only their own (decided in the inspections service).
  "inspections:read": ["admin", "manager", "dispatcher", "driver", "safety"],
  "inspections:file": ["admin", "manager", "dispatcher", "driver", "safety"],
  /** The driver picker of the inspection form and filters. */
  "inspections:lookups": ["admin", "manager", "dispatcher", "safety"],
  // Customers and the customer portal. A customer reaches only their own company's rows (portal service).
  "customers:read": ["admin", "manager", "dispatcher"],
  "customers:write": ["admin", "manager", "dispatcher"],
  "portal:use": ["customer"],
  "loadRequests:review": ["admin", "manager", "dispatcher"],
  // Fleet: vehicles, trailers, documents, schedules (H1). Drivers reach only their assigned assets.
  "fleet:read": ["admin", "manager", "dispatcher", "driver", "safety"],
  "fleet:write": ["admin", "manager", "dispatcher", "safety"],
  "fleet:delete": ["admin", "manager"],
  // Maintenance log. Drivers log for their assigned vehicle or trailer (decided in the service).
  "maintenance:read": ["admin", "manager", "dispatcher", "driver"],
  "maintenance:log": ["admin", "manager", "dispatcher", "driver"],
  "maintenance:delete": ["admin", "manager", "dispatcher"],
  /**
   * The document centre (/accounting/documents): staff read every document, a driver their own, their
   * assets', their loads' and the company's marked for drivers (decided in the documents service).
   * The company's own documents are written by the office.
   */
  "documents:read": ["admin", "manager", "dispatcher", "driver", "accountant"],
  "documents:write": ["admin", "manager", "dispatcher", "accountant"],
  /** A driver files their own (a renewed medical card); dispatch confirms it onto the driver's record. */
  "documents:upload": ["driver"],
  "documents:confirm": ["admin", "manager", "dispatcher"],
  /** Certificates of insurance and the holders' requests (/accounting/coi-manager). */
  "certificates:manage": ["admin", "manager"],
  /** Contracts, their templates and signing links (/accounting/contracts); signing itself is public. */
  "contracts:manage": ["admin", "manager"],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;
/** The assistant's permissions by name for the screens (a `"assistant:…"` literal reads as a namespace there). */
export const ASSISTANT_USE: Permission = "assistant:use";
export const ASSISTANT_CONFIGURE: Permission = "assistant:configure";
export const ASSISTANT_ENDPOINT: Permission = "assistant:endpoint";
/** The maps and tracking permissions by name for the screens. */
export const TRACKING_VIEW: Permission = "tracking:view";
export const TRACKING_SHARE: Permission = "tracking:share";
export const GEO_CONFIGURE: Permission = "geo:configure";
export const GEO_ENDPOINT: Permission = "geo:endpoint";

export const NAV_GROUPS = [
  "management",
  "fleet",
  "accounting",
  "documents",
  "reports",
  "communications",
  "administration",
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface RouteDef {
  path: string;
  access: Access;
  /**
   * Present when the route has a sidebar entry; `label` is the i18n key under `nav:`. `views` are
   * further sidebar links to views of the same screen (its tabs), each a query string.
   */
  nav?: { group: NavGroup; label: string; views?: readonly { label: string; search: string }[] };
  /**
   * The permission the screen is for, when it has one: the route opens for a role on `access` (the
   * ceiling, the spec's list) that also holds it — so a permission revoked in the editor also hides
   * the screen. Its default roles always cover `access` (tested).
   */
  permission?: Permission;
}

const ALL = "authenticated" as const;
const MGMT = ["admin", "manager"] as const;
const DISPATCH = ["admin", "manager", "dispatcher"] as const;
const ACCOUNTING = ["admin", "manager", "accountant"] as const;
const FLEET = ["admin", "manager", "dispatcher", "driver", "safety"] as const;

/** Every route of the specification (section 2), plus the few this product adds (marked). */
export const ROUTES = {
  // Public
  login: { path: "/login", access: "public" },
  register: { path: "/register", access: "public" },
  publicContract: { path: "/public/contract/:id", access: "public" },
  publicBolUpload: { path: "/public/bol-upload/:token", access: "public" },
  /** Added: the spec's public delivery-status check has no path of its own. */
  track: { path: "/track", access: "public" },
  /** Added (issue 38): a load's private tracking link, the full public view without the number. */
  trackingLink: { path: "/track/:token", access: "public" },

  // Any signed-in user
  home: { path: "/", access: ALL, nav: { group: "management", label: "dashboard" } },
  notifications: {
    path: "/notifications",
    access: ALL,
    nav: { group: "communications", label: "notifications" },
  },
  /** Added: where a user with a temporary password chooses a new one. */
  changePassword: { path: "/change-password", access: ALL },
  /** Added (issue 17): every user's own profile, password and notification choices, from the user menu. */
  profile: { path: "/profile", access: ALL },
  /** Added (issue 17): two-factor set-up; where a user whose role requires it is walked through it. */
  twoFactor: { path: "/two-factor", access: ALL },

  // Management
  driverDashboard: {
    path: "/driver-dashboard",
    access: ["driver"],
    nav: { group: "management", label: "driverDashboard" },
  },
  customerPortal: {
    path: "/customer-portal",
    access: ["customer"],
    nav: { group: "management", label: "customerPortal" },
  },
  loads: {
    permission: "loads:read",
    path: "/operations/loads",
    access: ["admin", "manager", "dispatcher", "driver"],
    nav: { group: "management", label: "loads" },
  },
  /** Added: screens inside Loads. */
  loadNew: {
    permission: "loads:write",
    path: "/operations/loads/new",
    access: ["admin", "manager", "dispatcher"],
  },
  loadDetail: {
    permission: "loads:read",
    path: "/operations/loads/:loadId",
    access: ["admin", "manager", "dispatcher", "driver"],
  },
  loadEdit: {
    permission: "loads:write",
    path: "/operations/loads/:loadId/edit",
    access: ["admin", "manager", "dispatcher"],
  },
  /** Added: customers' portal load requests, reviewed by dispatch. */
  loadRequests: {
    permission: "loadRequests:review",
    path: "/operations/load-requests",
    access: DISPATCH,
    nav: { group: "management", label: "loadRequests" },
  },
  /** Added (issue 18): the address book of shippers and receivers, picked from while typing a stop. */
  locations: {
    permission: "loads:write",
    path: "/operations/locations",
    access: DISPATCH,
    nav: { group: "management", label: "locations" },
  },
  /** Added (issue 40): every truck's last position, load and next stop on a map. */
  dispatchMap: {
    permission: "tracking:view",
    path: "/operations/map",
    access: DISPATCH,
    nav: { group: "management", label: "dispatchMap" },
  },
  loadBoard: {
    permission: "loadBoard:browse",
    path: "/operations/load-board",
    access: ["driver"],
    nav: { group: "management", label: "loadBoard" },
  },
  assignments: {
    permission: "assignments:read",
    path: "/operations/assignments",
    access: DISPATCH,
    nav: { group: "management", label: "assignments" },
  },
  calendar: {
    permission: "calendar:read",
    path: "/operations/calendar",
    access: ["admin", "manager", "dispatcher", "driver"],
    nav: { group: "management", label: "calendar" },
  },
  drivers: {
    permission: "drivers:read",
    path: "/drivers",
    access: ["admin", "manager", "dispatcher", "safety"],
    nav: { group: "management", label: "drivers" },
  },
  /** Added: a driver's profile (details, documents, loads, ratings, time off, citations, assets). */
  driverDetail: {
    permission: "drivers:read",
    path: "/drivers/:driverId",
    access: ["admin", "manager", "dispatcher", "safety"],
  },
  driverRatings: {
    permission: "driverRatings:read",
    path: "/drivers/ratings",
    access: DISPATCH,
    nav: { group: "management", label: "driverRatings" },
  },
  driverReviews: {
    path: "/drivers/reviews",
    access: DISPATCH,
    nav: { group: "management", label: "driverReviews" },
  },
  customers: {
    permission: "customers:read",
    path: "/customers",
    access: DISPATCH,
    nav: { group: "management", label: "customers" },
  },
  /** Added: a customer's page (details, contacts, open balance, loads history). */
  customerDetail: { permission: "customers:read", path: "/customers/:customerId", access: DISPATCH },
  customerInvoices: {
    permission: "invoices:read",
    path: "/customers/invoice",
    access: ACCOUNTING,
    nav: { group: "management", label: "customerInvoices" },
  },
  customerStatements: {
    permission: "statements:read",
    path: "/customers/statements",
    access: DISPATCH,
    nav: { group: "management", label: "customerStatements" },
  },
  fuelLog: {
    permission: "fuel:log",
    path: "/fuel-log",
    access: ["driver"],
    nav: { group: "management", label: "fuelLog" },
  },

  // Fleet and safety
  vehicles: {
    permission: "fleet:read",
    path: "/fleet",
    access: FLEET,
    nav: { group: "fleet", label: "vehicles" },
  },
  trailers: {
    permission: "fleet:read",
    path: "/fleet/trailers",
    access: FLEET,
    nav: { group: "fleet", label: "trailers" },
  },
  /** Added: a vehicle's and a trailer's own page (schedules, documents, maintenance history). */
  vehicleDetail: { permission: "fleet:read", path: "/fleet/vehicles/:vehicleId", access: FLEET },
  trailerDetail: { permission: "fleet:read", path: "/fleet/trailers/:trailerId", access: FLEET },
  inspections: {
    permission: "inspections:read",
    path: "/fleet/inspections",
    access: FLEET,
    nav: { group: "fleet", label: "inspections" },
  },
  /** Added: screens inside Inspections. */
  inspectionNew: { permission: "inspections:file", path: "/fleet/inspections/new", access: FLEET },
  inspectionDetail: {
    permission: "inspections:read",
    path: "/fleet/inspections/:inspectionId",
    access: FLEET,
  },
  maintenance: {
    permission: "maintenance:read",
    path: "/fleet/maintenance",
    access: ["admin", "manager", "dispatcher", "driver"],
    nav: { group: "fleet", label: "maintenance" },
  },
  /** Added: the staff view of every driver's fuel entries (the spec's /fuel-log is the driver's own). */
  fuelEntries: {
    permission: "fuel:readAll",
    path: "/fleet/fuel",
    access: ["admin", "manager", "dispatcher", "safety", "accountant"],
    nav: { group: "fleet", label: "fuelEntries" },
  },
  tolls: {
    permission: "tolls:manage",
    path: "/operations/tolls",
    access: DISPATCH,
    nav: { group: "fleet", label: "tolls" },
  },
  parking: {
    permission: "parking:manage",
    path: "/operations/parking",
    access: DISPATCH,
    nav: { group: "fleet", label: "parking" },
  },
  citations: {
    permission: "citations:read",
    path: "/operations/citations",
    access: ["admin", "manager", "driver", "safety"],
    nav: { group: "fleet", label: "citations" },
  },
  accidents: {
    permission: "accidents:read",
    path: "/operations/accidents",
    access: ["admin", "manager", "safety"],
    nav: { group: "fleet", label: "accidents" },
  },
  /** Added: screens inside Accidents and claims. */
  accidentNew: {
    permission: "accidents:write",
    path: "/operations/accidents/new",
    access: ["admin", "manager", "safety"],
  },
  accidentDetail: {
    permission: "accidents:read",
    path: "/operations/accidents/:accidentId",
    access: ["admin", "manager", "safety"],
  },
  accidentEdit: {
    permission: "accidents:write",
    path: "/operations/accidents/:accidentId/edit",
    access: ["admin", "manager", "safety"],
  },

  // Accounting: all payments, pending payments, paid history, paid statements (spec section 2)
  accounting: {
    path: "/accounting",
    access: ACCOUNTING,
    nav: {
      group: "accounting",
      label: "allPayments",
      views: [
        { label: "pendingPayments", search: "view=pending" },
        { label: "paidHistory", search: "view=paid" },
      ],
    },
  },
  bills: {
    permission: "bills:read",
    path: "/accounting/bills",
    access: ACCOUNTING,
    nav: { group: "accounting", label: "bills" },
  },
  transactions: {
    permission: "ledger:read",
    path: "/accounting/transactions",
    access: ACCOUNTING,
    nav: { group: "accounting", label: "transactions" },
  },
  paidStatements: {
    permission: "paidStatements:read",
    path: "/accounting/statements",
    access: ACCOUNTING,
    nav: { group: "accounting", label: "paidStatements" },
  },
  settlements: {
    permission: "settlements:read",
    path: "/accounting/settlements",
    access: ["admin", "manager", "dispatcher", "accountant"],
    nav: { group: "accounting", label: "settlements" },
  },
  billCustomer: {
    path: "/accounting/bill-customer",
    access: ACCOUNTING,
    nav: { group: "accounting", label: "billCustomer" },
  },
  taxForms: {
    permission: "taxForms:read",
    path: "/accounting/tax-forms",
    access: ACCOUNTING,
    nav: { group: "accounting", label: "taxForms" },
  },

  // Documents
  documents: {
    permission: "documents:read",
    path: "/accounting/documents",
    access: ["admin", "manager", "dispatcher", "driver", "accountant"],
    nav: { group: "documents", label: "documents" },
  },
  bolManager: {
    permission: "paperwork:read",
    path: "/accounting/bol-manager",
    access: ACCOUNTING,
    nav: { group: "documents", label: "bolManager" },
  },
  coiManager: {
    permission: "certificates:manage",
    path: "/accounting/coi-manager",
    access: MGMT,
    nav: { group: "documents", label: "coiManager" },
  },
  contracts: {
    permission: "contracts:manage",
    path: "/accounting/contracts",
    access: MGMT,
    nav: { group: "documents", label: "contracts" },
  },

  // Reports (/reports redirects to /reports/overview)
  reportsIndex: { permission: "reports:read", path: "/reports", access: DISPATCH },
  reports: {
    permission: "reports:read",
    path: "/reports/:reportId",
    access: DISPATCH,
    nav: { group: "reports", label: "reports" },
  },

  // Communications
  communications: {
    permission: "communications:send",
    path: "/communications",
    access: DISPATCH,
    nav: { group: "communications", label: "communications" },
  },
  chat: {
    permission: "chat:use",
    path: "/communications/chat",
    access: ["admin", "manager", "dispatcher", "driver"],
    nav: { group: "communications", label: "chat" },
  },
  customNotifications: {
    permission: "announcements:manage",
    path: "/notifications/custom",
    access: MGMT,
    nav: { group: "communications", label: "customNotifications" },
  },
  meetings: {
    permission: "meetings:manage",
    path: "/meetings",
    access: MGMT,
    nav: { group: "communications", label: "meetings" },
  },

  // Administration
  userManagement: {
    path: "/admin/user-management",
    access: ["admin"],
    nav: { group: "administration", label: "userManagement" },
  },
  accountReview: {
    path: "/admin/account-review",
    access: ["admin"],
    nav: { group: "administration", label: "accountReview" },
  },
  adminActions: {
    path: "/admin/actions",
    access: ["admin"],
    nav: { group: "administration", label: "adminActions" },
  },
  smsConsent: {
    path: "/admin/sms-consent",
    access: ["admin"],
    nav: { group: "administration", label: "smsConsent" },
  },
  dataManagement: {
    path: "/admin/data-management",
    permission: "data:manage",
    access: ["admin"],
    nav: { group: "administration", label: "dataManagement" },
  },
  permissions: {
    path: "/permissions",
    permission: "permissions:manage",
    access: ["admin"],
    nav: { group: "administration", label: "permissions" },
  },
  settings: {
    permission: "company:manage",
    path: "/settings",
    access: MGMT,
    nav: { group: "administration", label: "settings" },
  },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof ROUTES;

/** Fills a route's `:params`: `routePath("publicContract", { id })`. */
export function routePath(key: RouteKey, params: Record<string, string> = {}): string {
  return ROUTES[key].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The roles an access declaration admits ("public" admits everyone, signed in or not). */
export function rolesFor(access: Access): readonly Role[] {
  return access === "public" || access === "authenticated" ? ROLES : access;
}

/** Whether a signed-in user of `role` passes `access`. */
export function allows(access: Access, role: Role | null | undefined): boolean {
  if (access === "public") return true;
  if (!role) return false;
  return access === "authenticated" || access.includes(role);
}

/**
 * Who is asking: a role (the defaults of this table), or a user with their effective permissions
 * (the server's actor and `/api/me`, where the permissions editor's changes are applied).
 */
export type Subject = User | Role | null | undefined;
export type User = { role: Role; permissions?: readonly string[] };

/** `can(user, "users:manage")` — the one permission check, used by the server guard and by the UI. */
export function can(subject: Subject, permission: Permission): boolean {
  if (!subject) return false;
  if (typeof subject !== "string" && subject.permissions) return subject.permissions.includes(permission);
  const role = typeof subject === "string" ? subject : subject.role;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Whether the subject may open a screen: its role is on the route's list and holds its permission. */
export function canOpen(subject: Subject, key: RouteKey): boolean {
  const def: RouteDef = ROUTES[key];
  const role = typeof subject === "string" ? subject : subject?.role;
  return allows(def.access, role) && (!def.permission || can(subject, def.permission));
}

/** The permissions a role holds by default (this table, before the permissions editor's changes). */
export function defaultPermissions(role: Role): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) =>
    (PERMISSIONS[p] as readonly Role[]).includes(role),
  );
}

/** Where `/` sends a role (spec section 2 and 6). */
export function homePathFor(role: Role): string {
  if (role === "driver") return ROUTES.driverDashboard.path;
  if (role === "customer") return ROUTES.customerPortal.path;
  return ROUTES.home.path;
}
