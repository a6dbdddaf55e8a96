import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";

/** A user's email signature (the communications hub's Signature tab), or "" when they have none. */
export async function signatureOf(db: Tx | Db, userId: string | null | undefined): Promise<string> {
  if (!userId) return "";
  const { rows } = await db.execute<{ email_signature: string }>(
    sql`select email_signature from user_preferences where user_id = ${userId}`,
  );
  return rows[0]?.email_signature ?? "";
}

/** An email's text as a person sends it: their signature below it, after the usual "-- " line. */
export async function signed(db: Tx | Db, userId: string | null | undefined, text: string): Promise<string> {
  const signature = (await signatureOf(db, userId)).trim();
  return signature ? `${text}\n\n-- \n${signature}` : text;
}
