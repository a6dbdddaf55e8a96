import { randomUUID } from "node:crypto";
import type { Role } from "@shared/access";
import { hashPassword } from "better-auth/crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { accounts, appUsers, customers, drivers, users } from "../../db/schema";
import { conflict } from "../../http/errors";

export { hashPassword };

export interface NewAccount {
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  mustChangePassword?: boolean;
  companyName?: string;
  phone?: string | null;
  address?: string | null;
  /** A driver record kept before the account existed (a new hire signing a contract): linked, not created. */
  driverId?: string;
}

export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const rows = await tx.execute(
    sql`select 1 from ${users} where lower(${users.email}) = lower(${email}) limit 1`,
  );
  return rows.rows.length > 0;
}

/**
 * Creates a complete sign-in account in one transaction: the better-auth user and credential,
 * the app user with its role, and the driver or customer record the role needs.
 */
export async function createAccount(tx: Tx, input: NewAccount): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(tx, email)) {
    throw conflict("An account with this email already exists.", "EMAIL_TAKEN", {
      fields: { email: "An account with this email already exists." },
    });
  }
  const id = randomUUID();
  await tx.insert(users).values({ id, name: input.name, email, emailVerified: true, role: input.role });
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: input.passwordHash,
  });
  await tx
    .insert(appUsers)
    .values({ userId: id, role: input.role, mustChangePassword: !!input.mustChangePassword });
  await attachRoleRecord(tx, id, input);
  return id;
}

/** Drivers get a drivers row and customers a customers row, keyed by user id (spec section 3). */
export async function attachRoleRecord(
  tx: Tx,
  userId: string,
  input: Pick<NewAccount, "name" | "email" | "role" | "companyName" | "phone" | "address" | "driverId">,
): Promise<void> {
  if (input.role === "driver" && input.driverId) {
    const linked = await tx
      .update(drivers)
      .set({ userId })
      .where(and(eq(drivers.id, input.driverId), isNull(drivers.userId)))
      .returning({ id: drivers.id });
    if (!linked.length) throw conflict("This driver already has an account.", "ACCOUNT_EXISTS");
  } else if (input.role === "driver") {
    await tx
      .insert(drivers)
      .values({ userId, fullName: input.name, email: input.email, phone: input.phone ?? null })
      .onConflictDoNothing({ target: drivers.userId });
  } else if (input.role === "customer") {
    // A customer staff already keep on file (added or imported) with this email and no portal
    // account yet becomes this account's record, rather than a second company row.
    const linked = await tx.execute(
      sql`update ${customers} set user_id = ${userId}, updated_at = now()
          where id = (select id from ${customers} where lower(email) = lower(${input.email}) and user_id is null
                      order by created_at limit 1)
          returning id`,
    );
    if (linked.rows.length > 0) return;
    await tx
      .insert(customers)
      .values({
        userId,
        name: input.name,
        companyName: input.companyName || input.name,
        email: input.email,
        phone: input.phone ?? null,
        address: input.address ?? null,
      })
      .onConflictDoNothing({ target: customers.userId });
  }
}
