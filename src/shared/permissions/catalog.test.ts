import { describe, expect, it } from "vitest";
import { can, canOpen, PERMISSIONS, type Permission, ROUTES, type RouteKey, rolesFor } from "../access";
import {
  EDITABLE_ROLES,
  effectivePermissions,
  isEditable,
  PERMISSION_CATALOG,
  PERMISSION_NAMES,
  permissionCeiling,
} from "./catalog";

describe("the permissions editor's catalogue", () => {
  it("lists every permission the access table declares", () => {
    expect(Object.keys(PERMISSION_CATALOG).sort()).toEqual(PERMISSION_NAMES.slice().sort());
  });

  it("keeps every default inside its ceiling, so the defaults are always a valid matrix", () => {
    for (const p of PERMISSION_NAMES) {
      for (const role of PERMISSIONS[p]) expect(permissionCeiling(p), `${p} ${role}`).toContain(role);
    }
  });

  it("gives a screen's permission to every role the screen admits by default", () => {
    for (const key of Object.keys(ROUTES) as RouteKey[]) {
      const def: { access: (typeof ROUTES)[RouteKey]["access"]; permission?: Permission } = ROUTES[key];
      if (!def.permission) continue;
      for (const role of rolesFor(def.access)) expect(can(role, def.permission), `${key} ${role}`).toBe(true);
    }
  });

  it("locks admin-only powers, admin itself, and never lets a driver or customer gain a staff power", () => {
    for (const p of ["users:manage", "users:read", "impersonation:start", "audit:read"] as const) {
      for (const role of EDITABLE_ROLES) expect(isEditable(p, role)).toBe(false);
    }
    expect(isEditable("loads:write", "admin")).toBe(false);
    expect(isEditable("loads:write", "dispatcher")).toBe(true);
    expect(isEditable("loads:write", "driver")).toBe(false);
    expect(isEditable("timeOff:review", "driver")).toBe(false);
    expect(isEditable("fuel:log", "driver")).toBe(true);
    expect(isEditable("fuel:log", "dispatcher")).toBe(false);
    // A safety officer opens /fleet, so fleet deletion may be given; an accountant does not.
    expect(isEditable("fleet:delete", "safety")).toBe(true);
    expect(isEditable("fleet:delete", "accountant")).toBe(false);
  });

  it("applies stored changes within the ceiling and ignores the rest", () => {
    const held = effectivePermissions("dispatcher", [
      { permission: "tolls:manage", granted: false },
      { permission: "reports:money", granted: true },
      { permission: "users:manage", granted: true },
      { permission: "not:real", granted: true },
    ]);
    expect(held).not.toContain("tolls:manage");
    expect(held).toContain("reports:money");
    expect(held).not.toContain("users:manage");
    expect(held).toContain("loads:write");
    const user = { role: "dispatcher" as const, permissions: held };
    expect(can(user, "tolls:manage")).toBe(false);
    expect(canOpen(user, "tolls")).toBe(false);
    expect(canOpen("dispatcher", "tolls")).toBe(true);
    expect(canOpen(user, "parking")).toBe(true);
  });
});
