import { routePath } from "@shared/access";
import { and, desc, eq, exists, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { drivers, invoiceLoads, invoices, loadFiles, loadPaperworkReviews, loads, users } from "../db/schema";
import { notifyUsers } from "../platform/notifications/notify";

const REJECTION =
  "The receiver's signature and the delivery stamp are cut off on the BOL photo. Please upload the full page.";

/**
 * The BOL manager's demo: the paperwork of loads already billed is verified by the accountant; the
 * demo driver's latest delivered load with a BOL was rejected (he sees why on his load), and his load
 * on the road was asked for; the rest wait as received or missing.
 */
export async function seedPaperworkDemo(tx: Tx): Promise<void> {
  const [already] = await tx.select({ id: loadPaperworkReviews.loadId }).from(loadPaperworkReviews).limit(1);
  if (already) return;
  const people = await tx
    .select({ id: users.id, email: users.email, driverId: drivers.id })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(inArray(users.email, ["accountant@demo.test", "driver@demo.test"]));
  const accountant = people.find((p) => p.email === "accountant@demo.test");
  const jake = people.find((p) => p.email === "driver@demo.test");
  if (!accountant || !jake?.driverId) return;

  const hasPaper = exists(
    tx
      .select({ one: sql`1` })
      .from(loadFiles)
      .where(and(eq(loadFiles.loadId, loads.id), inArray(loadFiles.kind, ["bol", "pod"]))),
  );
  // Billed (sent or paid invoices): the accountant checked the paperwork before the invoice went out.
  const billed = await tx
    .selectDistinct({ id: loads.id })
    .from(loads)
    .innerJoin(invoiceLoads, eq(invoiceLoads.loadId, loads.id))
    .innerJoin(invoices, eq(invoices.id, invoiceLoads.invoiceId))
    .where(and(ne(invoices.status, "draft"), ne(invoices.status, "void"), hasPaper));

  // Jake's latest delivered load with a BOL that no sent invoice holds: rejected.
  const [rejected] = await tx
    .select({ id: loads.id, loadNumber: loads.loadNumber })
    .from(loads)
    .where(
      and(
        eq(loads.driverId, jake.driverId),
        eq(loads.status, "completed"),
        hasPaper,
        billed.length ? sql`${loads.id} not in ${billed.map((b) => b.id)}` : sql`true`,
      ),
    )
    .orderBy(desc(loads.deliveredAt))
    .limit(1);
  const [onTheRoad] = await tx
    .select({ id: loads.id, loadNumber: loads.loadNumber })
    .from(loads)
    .where(and(eq(loads.driverId, jake.driverId), eq(loads.status, "in_progress")))
    .limit(1);

  const now = sql`now()`;
  const verified = billed.filter((b) => b.id !== rejected?.id);
  if (verified.length) {
    await tx.insert(loadPaperworkReviews).values(
      verified.map((b) => ({
        loadId: b.id,
        status: "verified" as const,
        reviewedBy: accountant.id,
        reviewedAt: now,
      })),
    );
  }
  if (rejected) {
    await tx.insert(loadPaperworkReviews).values({
      loadId: rejected.id,
      status: "rejected",
      reason: REJECTION,
      reviewedBy: accountant.id,
      reviewedAt: now,
    });
    await notifyUsers(tx, [jake.id], {
      kind: "paperwork.rejected",
      link: routePath("loadDetail", { loadId: rejected.id }),
      data: { loadId: rejected.id, loadNumber: rejected.loadNumber },
      note: REJECTION,
    });
  }
  if (onTheRoad) {
    await tx
      .insert(loadPaperworkReviews)
      .values({ loadId: onTheRoad.id, requestedBy: accountant.id, requestedAt: now });
    await notifyUsers(tx, [jake.id], {
      kind: "paperwork.requested",
      link: routePath("loadDetail", { loadId: onTheRoad.id }),
      data: { loadId: onTheRoad.id, loadNumber: onTheRoad.loadNumber },
      note: "Send the signed BOL as soon as the load is delivered, please.",
    });
  }
}
