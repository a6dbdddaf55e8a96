import type { Role } from "@shared/access";
import type { NotificationData, NotificationKind } from "@shared/notifications/notifications.schema";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { appUsers, notifications, users } from "../../db/schema";

/**
 * One notification: its kind and the data its words need (decision 017; the centre renders it in the
 * reader's language), where it leads, and `note` — only what a person typed with it.
 */
export type NotificationInput = {
  [K in NotificationKind]: { kind: K; data: NotificationData<K>; link?: string | null; note?: string | null };
}[NotificationKind];

/** Stores one notification per recipient (for the notifications centre). */
export async function notifyUsers(tx: Tx, recipientIds: string[], n: NotificationInput): Promise<void> {
  const unique = [...new Set(recipientIds)];
  if (!unique.length) return;
  await tx.insert(notifications).values(
    unique.map((recipientId) => ({
      recipientId,
      kind: n.kind,
      data: n.data as Record<string, unknown>,
      note: n.note ?? "",
      link: n.link ?? null,
    })),
  );
}

/** Notifies every active user holding one of `roles` (e.g. dispatch: admin, manager, dispatcher). */
export async function notifyRoles(tx: Tx, roles: readonly Role[], n: NotificationInput): Promise<void> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(appUsers, eq(appUsers.userId, users.id))
    .where(and(inArray(appUsers.role, [...roles]), eq(users.banned, false)));
  await notifyUsers(
    tx,
    rows.map((r) => r.id),
    n,
  );
}
