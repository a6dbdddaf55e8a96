import { routePath } from "@shared/access";
import { and, desc, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { auditLog, customers, loads, loadTrackingLinks, users } from "../db/schema";
import { createToken, hashToken } from "../platform/tokens/tokens";

const HOUR = 3_600_000;

/**
 * Private tracking links for the demo (issue 38): dispatch emailed Great Lakes Foods the link of the
 * load on the road this morning, and the customer made one in the portal for a load delivered last
 * week. Only hashes are stored, so the first link is returned for the start-up log (like the demo
 * contract's) — the one way to open it.
 */
export async function seedTrackingLinksDemo(
  tx: Tx,
  options: { publicUrl?: string } = {},
  now = new Date(),
): Promise<string | null> {
  const [customer] = await tx
    .select({ id: customers.id, email: customers.email, userId: customers.userId })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(users.email, "customer@demo.test"));
  const [dispatcher] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, "dispatcher@demo.test"));
  if (!customer || !dispatcher) return null;
  const latest = (status: "in_progress" | "completed") =>
    tx
      .select({ id: loads.id, loadNumber: loads.loadNumber })
      .from(loads)
      .where(and(eq(loads.customerId, customer.id), eq(loads.status, status)))
      .orderBy(desc(loads.pickupAt))
      .limit(1);
  const [[onTheRoad], [delivered]] = [await latest("in_progress"), await latest("completed")];
  if (!onTheRoad) return null;

  const token = createToken();
  const sentAt = new Date(now.getTime() - 4 * HOUR);
  const [sent] = await tx
    .insert(loadTrackingLinks)
    .values({
      loadId: onTheRoad.id,
      tokenHash: hashToken(token),
      source: "dispatch",
      sentTo: customer.email,
      createdBy: dispatcher.id,
      createdAt: sentAt,
      lastOpenedAt: new Date(now.getTime() - 2 * HOUR),
    })
    .returning({ id: loadTrackingLinks.id });
  await tx.insert(auditLog).values({
    action: "load.tracking_link_created",
    actorId: dispatcher.id,
    actorEmail: dispatcher.email,
    targetType: "load",
    targetId: onTheRoad.id,
    targetLabel: onTheRoad.loadNumber,
    details: { linkId: sent.id, via: "dispatch", ...(customer.email ? { email: customer.email } : {}) },
    createdAt: sentAt,
  });
  if (delivered && customer.userId) {
    await tx.insert(loadTrackingLinks).values({
      loadId: delivered.id,
      tokenHash: hashToken(createToken()),
      source: "portal",
      createdBy: customer.userId,
      createdAt: new Date(now.getTime() - 30 * HOUR),
    });
  }
  return `${options.publicUrl ?? "http://localhost:3000"}${routePath("trackingLink", { token })}`;
}
