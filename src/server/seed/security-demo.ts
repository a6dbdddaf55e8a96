import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { auditLog, users } from "../db/schema";

/**
 * A demo driver's security history (Profile → Security history): a password change of their own and,
 * later, the admin browsing as them for a few minutes — as the services would have audited them.
 * Older than the dashboard's week of activity, so they show in the history and the audit log only.
 */
export async function seedSecurityDemo(tx: Tx, now = new Date()): Promise<void> {
  const found = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["driver@demo.test", "admin@demo.test"]));
  const id = (email: string) => found.find((u) => u.email === email)?.id;
  const driver = id("driver@demo.test");
  const admin = id("admin@demo.test");
  if (!driver || !admin) return;
  const already = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.targetId, driver))
    .limit(1);
  if (already.length) return;
  const daysAgo = (d: number, minutes = 0) => new Date(now.getTime() - d * 86_400_000 + minutes * 60_000);
  const about = { targetType: "user", targetId: driver, targetLabel: "driver@demo.test" };
  await tx.insert(auditLog).values([
    {
      action: "auth.password_changed",
      actorId: driver,
      actorEmail: "driver@demo.test",
      ...about,
      createdAt: daysAgo(20),
    },
    {
      action: "impersonation.started",
      actorId: admin,
      actorEmail: "admin@demo.test",
      ...about,
      details: { role: "driver" },
      createdAt: daysAgo(9),
    },
    {
      action: "impersonation.stopped",
      actorId: admin,
      actorEmail: "admin@demo.test",
      ...about,
      createdAt: daysAgo(9, 12),
    },
  ]);
}
