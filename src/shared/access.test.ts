import { describe, expect, it } from "vitest";
import {
  type Access,
  allows,
  can,
  canOpen,
  homePathFor,
  PERMISSIONS,
  ROLES,
  ROUTES,
  routePath,
} from "./access";

// Spec section 2, copied route by route: the access table must match it exactly.
const SPEC_PROTECTED: Record<string, string[]> = {
  "/operations/loads": ["admin", "manager", "dispatcher", "driver"],
  "/operations/load-board": ["driver"],
  "/operations/assignments": ["admin", "manager", "dispatcher"],
  "/operations/tolls": ["admin", "manager", "dispatcher"],
  "/operations/parking": ["admin", "manager", "dispatcher"],
  "/operations/calendar": ["admin", "manager", "dispatcher", "driver"],
  "/operations/citations": ["admin", "manager", "driver", "safety"],
  "/operations/accidents": ["admin", "manager", "safety"],
  "/accounting": ["admin", "manager", "accountant"],
  "/accounting/transactions": ["admin", "manager", "accountant"],
  "/accounting/bills": ["admin", "manager", "accountant"],
  "/accounting/bol-manager": ["admin", "manager", "accountant"],
  "/accounting/bill-customer": ["admin", "manager", "accountant"],
  "/accounting/coi-manager": ["admin", "manager"],
  "/accounting/contracts": ["admin", "manager"],
  "/accounting/documents": ["admin", "manager", "dispatcher", "driver", "accountant"],
  "/accounting/settlements": ["admin", "manager", "dispatcher", "accountant"],
  "/accounting/statements": ["admin", "manager", "accountant"],
  "/accounting/tax-forms": ["admin", "manager", "accountant"],
  "/reports": ["admin", "manager", "dispatcher"],
  "/reports/:reportId": ["admin", "manager", "dispatcher"],
  "/notifications/custom": ["admin", "manager"],
  "/fuel-log": ["driver"],
  "/driver-dashboard": ["driver"],
  "/communications": ["admin", "manager", "dispatcher"],
  "/communications/chat": ["admin", "manager", "dispatcher", "driver"],
  "/meetings": ["admin", "manager"],
  "/fleet": ["admin", "manager", "dispatcher", "driver", "safety"],
  "/fleet/trailers": ["admin", "manager", "dispatcher", "driver", "safety"],
  "/fleet/inspections": ["admin", "manager", "dispatcher", "driver", "safety"],
  "/fleet/maintenance": ["admin", "manager", "dispatcher", "driver"],
  "/customers": ["admin", "manager", "dispatcher"],
  "/customers/invoice": ["admin", "manager", "accountant"],
  "/customers/statements": ["admin", "manager", "dispatcher"],
  "/customer-portal": ["customer"],
  "/drivers": ["admin", "manager", "dispatcher", "safety"],
  "/drivers/ratings": ["admin", "manager", "dispatcher"],
  "/drivers/reviews": ["admin", "manager", "dispatcher"],
  "/admin/actions": ["admin"],
  "/admin/account-review": ["admin"],
  "/admin/sms-consent": ["admin"],
  "/admin/user-management": ["admin"],
  "/admin/data-management": ["admin"],
  "/permissions": ["admin"],
  "/settings": ["admin", "manager"],
};
const SPEC_ANY_SIGNED_IN = ["/", "/notifications"];
const SPEC_PUBLIC = ["/login", "/register", "/public/contract/:id", "/public/bol-upload/:token"];

const byPath = new Map<string, Access>(Object.values(ROUTES).map((r) => [r.path, r.access]));

describe("the access table", () => {
  it("has every protected route of the spec with exactly its roles", () => {
    for (const [path, roles] of Object.entries(SPEC_PROTECTED)) {
      const access = byPath.get(path);
      expect(access, path).toBeDefined();
      expect([...(access as readonly string[])].sort(), path).toEqual([...roles].sort());
    }
  });

  it("opens / and /notifications to any signed-in user and the public routes to everyone", () => {
    for (const path of SPEC_ANY_SIGNED_IN) expect(byPath.get(path)).toBe("authenticated");
    for (const path of SPEC_PUBLIC) expect(byPath.get(path)).toBe("public");
  });

  it("declares no route the spec does not have, except the documented additions", () => {
    const known = new Set([...Object.keys(SPEC_PROTECTED), ...SPEC_ANY_SIGNED_IN, ...SPEC_PUBLIC]);
    const extra = Object.values(ROUTES)
      .map((r) => r.path)
      .filter((p) => !known.has(p));
    expect(extra.sort()).toEqual([
      "/change-password",
      "/customers/:customerId",
      "/drivers/:driverId",
      "/fleet/fuel",
      "/fleet/inspections/:inspectionId",
      "/fleet/inspections/new",
      "/fleet/trailers/:trailerId",
      "/fleet/vehicles/:vehicleId",
      "/operations/accidents/:accidentId",
      "/operations/accidents/:accidentId/edit",
      "/operations/accidents/new",
      "/operations/load-requests",
      "/operations/loads/:loadId",
      "/operations/loads/:loadId/edit",
      "/operations/loads/new",
      "/operations/locations",
      "/operations/map",
      "/profile",
      "/track",
      "/track/:token",
      "/two-factor",
    ]);
  });

  it("sends drivers and customers to their own home", () => {
    expect(homePathFor("driver")).toBe("/driver-dashboard");
    expect(homePathFor("customer")).toBe("/customer-portal");
    for (const role of ["admin", "manager", "dispatcher", "safety", "accountant"] as const)
      expect(homePathFor(role)).toBe("/");
  });

  it("checks route access per role and refuses the signed-out", () => {
    expect(canOpen("driver", "loadBoard")).toBe(true);
    expect(canOpen("dispatcher", "loadBoard")).toBe(false);
    expect(canOpen("driver", "accounting")).toBe(false);
    expect(canOpen(null, "home")).toBe(false);
    expect(allows("public", null)).toBe(true);
    expect(allows("authenticated", "customer")).toBe(true);
  });

  it("gives the admin permissions to admins only", () => {
    for (const role of ROLES) {
      expect(can(role, "users:manage")).toBe(role === "admin");
      expect(can({ role }, "impersonation:start")).toBe(role === "admin");
    }
    expect(can(null, "profile:read")).toBe(false);
    for (const roles of Object.values(PERMISSIONS)) for (const r of roles) expect(ROLES).toContain(r);
  });

  it("fills route parameters", () => {
    expect(routePath("reports", { reportId: "overview" })).toBe("/reports/overview");
    expect(routePath("publicBolUpload", { token: "a b" })).toBe("/public/bol-upload/a%20b");
    expect(routePath("trackingLink", { token: "a_b-c" })).toBe("/track/a_b-c");
  });
});
