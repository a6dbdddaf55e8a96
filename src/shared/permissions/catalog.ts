import { PERMISSIONS, type Permission, ROLES, ROUTES, type Role, type RouteKey, rolesFor } from "../access";

/**
 * The permissions editor's catalogue (/permissions): every permission the API checks, the area it
 * belongs to, and the screens it is used on. Those screens' role lists (the spec's, in the access
 * table) are the ceiling: a role may be granted a permission only where it can open one of them.
 * Admin-only powers and what every account needs are locked.
 */
export const PERMISSION_AREAS = [
  "account",
  "dispatch",
  "drivers",
  "fleet",
  "safety",
  "customers",
  "accounting",
  "documents",
  "reports",
  "communications",
  "administration",
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

type Entry = { area: PermissionArea; routes: readonly RouteKey[]; locked?: true };

const entry = (area: PermissionArea, ...routes: RouteKey[]): Entry => ({ area, routes });
const locked = (area: PermissionArea): Entry => ({ area, routes: [], locked: true });

export const PERMISSION_CATALOG = {
  "profile:read": locked("account"),
  "profile:update": locked("account"),
  "notifications:read": locked("account"),
  "users:read": locked("administration"),
  "users:manage": locked("administration"),
  "impersonation:start": locked("administration"),
  "permissions:manage": locked("administration"),
  "data:manage": locked("administration"),
  "assistant:use": entry("communications", "home", "driverDashboard"),
  "assistant:configure": entry("administration", "settings"),
  "assistant:endpoint": entry("administration", "settings"),
  "tracking:view": entry("dispatch", "dispatchMap", "loads"),
  "tracking:share": entry("drivers", "driverDashboard"),
  "geo:configure": entry("administration", "settings"),
  "geo:endpoint": entry("administration", "settings"),
  "accountReviews:manage": locked("administration"),
  "audit:read": locked("administration"),
  "mail:read": locked("administration"),
  "smsConsent:manage": locked("administration"),
  "announcements:manage": entry("communications", "customNotifications"),
  "communications:send": entry("communications", "communications"),
  "signature:manage": locked("account"),
  "company:manage": entry("administration", "settings"),
  "automatedNotifications:manage": entry("communications", "communications", "settings"),
  "meetings:manage": entry("communications", "meetings"),
  "chat:use": entry("communications", "chat"),
  "loads:read": entry("dispatch", "loads"),
  "loads:write": entry("dispatch", "loadNew", "loadEdit", "locations"),
  "loads:driverActions": entry("dispatch", "driverDashboard"),
  "loads:stateMiles": entry("dispatch", "loadDetail"),
  "loadBoard:browse": entry("dispatch", "loadBoard"),
  "loadBoard:interest": entry("dispatch", "loadBoard"),
  "loadBoard:manage": entry("dispatch", "loadEdit"),
  "bolLinks:manage": entry("dispatch", "loadEdit"),
  "paperwork:read": entry("documents", "bolManager"),
  "paperwork:write": entry("documents", "bolManager"),
  "assignments:read": entry("dispatch", "assignments"),
  "assignments:write": entry("dispatch", "assignments"),
  "dispatch:lookups": entry("dispatch", "loadEdit", "transactions", "bills", "accounting"),
  "calendar:read": entry("dispatch", "calendar"),
  "timeOff:read": entry("dispatch", "calendar"),
  "timeOff:request": entry("dispatch", "driverDashboard"),
  "timeOff:review": entry("dispatch", "calendar"),
  "invoices:read": entry("accounting", "customerInvoices"),
  "invoices:write": entry("accounting", "customerInvoices", "billCustomer"),
  "ledger:read": entry("accounting", "transactions", "accounting"),
  "ledger:write": entry("accounting", "transactions"),
  "bills:read": entry("accounting", "bills"),
  "bills:write": entry("accounting", "bills"),
  "statements:read": entry("customers", "customerStatements"),
  "settlements:read": entry("accounting", "settlements"),
  "settlements:write": entry("accounting", "settlements"),
  "settlements:approve": entry("accounting", "settlements"),
  "settlements:own": entry("accounting", "driverDashboard"),
  "paidStatements:read": entry("accounting", "paidStatements"),
  "taxForms:read": entry("accounting", "taxForms"),
  "taxForms:write": entry("accounting", "taxForms"),
  "portalBilling:read": entry("customers", "customerPortal"),
  "reports:read": entry("reports", "reports"),
  "reports:money": entry("reports", "reports"),
  "iftaRates:write": entry("reports", "reports"),
  "dashboard:read": locked("account"),
  "citations:read": entry("safety", "citations"),
  "citations:write": entry("safety", "citations"),
  "citations:dispute": entry("safety", "driverDashboard"),
  "accidents:read": entry("safety", "accidents"),
  "accidents:write": entry("safety", "accidentNew", "accidentEdit"),
  "safety:lookups": entry("safety", "citations", "accidents"),
  "drivers:read": entry("drivers", "drivers", "taxForms"),
  "drivers:write": entry("drivers", "drivers"),
  "drivers:accounts": entry("drivers", "drivers"),
  "drivers:deactivate": entry("drivers", "drivers"),
  "drivers:taxId": entry("drivers", "drivers", "taxForms"),
  "driverRatings:read": entry("drivers", "driverRatings"),
  "driverRatings:write": entry("drivers", "driverRatings", "driverReviews"),
  "fuel:log": entry("fleet", "fuelLog"),
  "fuel:read": entry("fleet", "fuelLog", "fuelEntries"),
  "fuel:readAll": entry("fleet", "fuelEntries"),
  "fuel:delete": entry("fleet", "fuelLog", "fuelEntries"),
  "tolls:manage": entry("fleet", "tolls"),
  "parking:manage": entry("fleet", "parking"),
  "inspections:read": entry("fleet", "inspections"),
  "inspections:file": entry("fleet", "inspectionNew"),
  "inspections:lookups": entry("fleet", "inspections"),
  "customers:read": entry("customers", "customers"),
  "customers:write": entry("customers", "customers"),
  "portal:use": locked("customers"),
  "loadRequests:review": entry("customers", "loadRequests"),
  "fleet:read": entry("fleet", "vehicles", "trailers"),
  "fleet:write": entry("fleet", "vehicles", "trailers"),
  "fleet:delete": entry("fleet", "vehicles", "trailers"),
  "maintenance:read": entry("fleet", "maintenance"),
  "maintenance:log": entry("fleet", "maintenance"),
  "maintenance:delete": entry("fleet", "maintenance"),
  "documents:read": entry("documents", "documents"),
  "documents:write": entry("documents", "documents"),
  "documents:upload": entry("documents", "driverDashboard"),
  "documents:confirm": entry("documents", "documents"),
  "certificates:manage": entry("documents", "coiManager"),
  "contracts:manage": entry("documents", "contracts"),
} as const satisfies Record<Permission, Entry>;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** The roles the editor may change: everyone but admin, whose powers are fixed. */
export const EDITABLE_ROLES = ROLES.filter((r) => r !== "admin") as Exclude<Role, "admin">[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

/** Drivers and customers reach only their own rows: the editor may take their permissions away, never add. */
const OWN_ROWS_ROLES: readonly Role[] = ["driver", "customer"];

/**
 * The roles that may ever hold a permission: staff roles that open one of the screens it is used on,
 * and a driver or customer only where they hold it by default.
 */
export function permissionCeiling(permission: Permission): readonly Role[] {
  const info: Entry = PERMISSION_CATALOG[permission];
  const defaults: readonly Role[] = PERMISSIONS[permission];
  if (info.locked) return defaults;
  const roles = new Set<Role>();
  for (const key of info.routes) {
    for (const r of rolesFor(ROUTES[key].access)) {
      if (!OWN_ROWS_ROLES.includes(r) || defaults.includes(r)) roles.add(r);
    }
  }
  return ROLES.filter((r) => roles.has(r));
}

/** Whether the editor may change this permission for this role (not admin, not locked, under the ceiling). */
export function isEditable(permission: Permission, role: Role): boolean {
  const info: Entry = PERMISSION_CATALOG[permission];
  return role !== "admin" && !info.locked && permissionCeiling(permission).includes(role);
}

/** A stored change: the role holds (granted) or does not hold the permission, unlike the default. */
export type PermissionOverride = { role: Role; permission: Permission; granted: boolean };

/**
 * A role's effective permissions: the defaults with the stored changes applied; a change the editor
 * would no longer allow (the ceiling moved, the permission was locked) is ignored.
 */
export function effectivePermissions(
  role: Role,
  overrides: readonly { permission: string; granted: boolean }[],
): Permission[] {
  const held = new Set<Permission>(
    PERMISSION_NAMES.filter((p) => (PERMISSIONS[p] as readonly Role[]).includes(role)),
  );
  for (const o of overrides) {
    if (!isPermission(o.permission) || !isEditable(o.permission, role)) continue;
    if (o.granted) held.add(o.permission);
    else held.delete(o.permission);
  }
  return PERMISSION_NAMES.filter((p) => held.has(p));
}
