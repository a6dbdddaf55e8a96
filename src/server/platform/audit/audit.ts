import type { AuditAction, AuditDetailKey, AuditTargetType } from "@shared/audit/audit.schema";
import type { Tx } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { Actor } from "../../http/context";

export interface AuditEvent {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  targetLabel?: string;
  /** Keys from AUDIT_DETAIL_KEYS: each has a label in every language. */
  details?: Partial<Record<AuditDetailKey, unknown>>;
}

/** Appends one audit entry; call it inside the transaction of the change it records. */
/** Who the audit entry names: the fields of an actor it records. */
export type AuditActor = Pick<Actor, "userId" | "email" | "impersonator" | "ip">;

export async function recordAudit(tx: Tx, actor: AuditActor | null, event: AuditEvent): Promise<void> {
  await tx.insert(auditLog).values({
    action: event.action,
    actorId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    impersonatorId: actor?.impersonator?.id ?? null,
    impersonatorEmail: actor?.impersonator?.email ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    targetLabel: event.targetLabel ?? null,
    details: event.details ?? null,
    ip: actor?.ip ?? null,
  });
}
