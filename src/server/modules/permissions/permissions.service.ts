import { PERMISSIONS, type Permission, type Role } from "@shared/access";
import { permissionChangeLine } from "@shared/audit/audit-targets";
import { isEditable, isPermission } from "@shared/permissions/catalog";
import {
  PERMISSIONS_MESSAGES,
  type PermissionChanges,
  type PermissionMatrix,
} from "@shared/permissions/permissions.schema";
import { and, desc, eq } from "drizzle-orm";
import { rolePermissions } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { HttpError } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";

const M = PERMISSIONS_MESSAGES;

/**
 * The permissions editor (/permissions, decision 031): the stored changes from the access table's
 * defaults. A change is kept only where it differs from the default; every session of an affected
 * role re-reads its permissions on its next request, on every instance (migration 0033's trigger).
 */
export function createPermissionsService({ db }: Deps) {
  async function matrix(): Promise<PermissionMatrix> {
    const rows = await db.select().from(rolePermissions).orderBy(desc(rolePermissions.updatedAt));
    return {
      overrides: rows.map((r) => ({ role: r.role, permission: r.permission, granted: r.granted })),
      updatedAt: rows[0]?.updatedAt.toISOString() ?? null,
      updatedByName: rows[0]?.updatedByName ?? null,
    };
  }

  return {
    matrix,

    /** Sets cells (all or none); a locked one, admin's, or one above the ceiling refuses the lot. */
    async change(actor: Actor, input: PermissionChanges): Promise<PermissionMatrix> {
      const problems: Record<string, string> = {};
      for (const [i, c] of input.changes.entries()) {
        if (!isPermission(c.permission)) problems[`changes.${i}.permission`] = M.unknown;
        else if (!isEditable(c.permission, c.role)) problems[`changes.${i}.permission`] = M.locked;
      }
      if (Object.keys(problems).length) {
        const first = Object.values(problems)[0];
        throw new HttpError(400, first === M.locked ? "PERMISSION_LOCKED" : "VALIDATION_FAILED", first, {
          fields: problems,
        });
      }
      const applied: string[] = [];
      await db.transaction(async (tx) => {
        for (const c of input.changes) {
          const byDefault = (
            PERMISSIONS[c.permission as keyof typeof PERMISSIONS] as readonly Role[]
          ).includes(c.role);
          const where = and(eq(rolePermissions.role, c.role), eq(rolePermissions.permission, c.permission));
          const [before] = await tx.select().from(rolePermissions).where(where);
          const held = before ? before.granted : byDefault;
          if (held === c.granted) continue;
          if (c.granted === byDefault) await tx.delete(rolePermissions).where(where);
          else
            await tx
              .insert(rolePermissions)
              .values({
                role: c.role,
                permission: c.permission,
                granted: c.granted,
                updatedByName: actor.name,
              })
              .onConflictDoUpdate({
                target: [rolePermissions.role, rolePermissions.permission],
                set: { granted: c.granted, updatedByName: actor.name, updatedAt: new Date() },
              });
          applied.push(permissionChangeLine({ ...c, permission: c.permission as Permission }));
        }
        if (applied.length) {
          await recordAudit(tx, actor, {
            action: "permissions.changed",
            targetType: "permissions",
            targetLabel: applied.join(", ").slice(0, 500),
            details: { changed: applied.join(", ") },
          });
        }
      });
      return matrix();
    },

    /** Back to the access table's defaults for every role. */
    async reset(actor: Actor): Promise<PermissionMatrix> {
      await db.transaction(async (tx) => {
        const removed = await tx.delete(rolePermissions).returning();
        if (!removed.length) return;
        await recordAudit(tx, actor, {
          action: "permissions.reset",
          targetType: "permissions",
          targetLabel: `${removed.length}`,
          details: {
            changed: removed
              .map((r) =>
                permissionChangeLine({
                  role: r.role,
                  permission: r.permission as Permission,
                  granted: r.granted,
                }),
              )
              .join(", "),
          },
        });
      });
      return matrix();
    },
  };
}
