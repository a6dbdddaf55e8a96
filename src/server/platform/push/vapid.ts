import { sql } from "drizzle-orm";
import webpush from "web-push";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { openSecret, sealSecret } from "../secrets/secret-box";

const KEY_ID = "vapid";
const PURPOSE = "vapid-private-key";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (RFC 8292): made on first start, then read from the database so every
 * instance and every restart signs with the same key the browsers subscribed with. The private key is
 * sealed with the server secret; if that secret changed the key is unreadable and null comes back
 * (push is then off until the row is removed — a new pair would need every device to subscribe again).
 * Two instances starting at once both insert `on conflict do nothing`: one pair wins, both read it.
 */
export async function vapidKeys(db: Db | Tx, config: Pick<Config, "authSecret">): Promise<VapidKeys | null> {
  const read = async () => {
    const { rows } = await db.execute<{ public_key: string; private_key_sealed: string }>(
      sql`select public_key, private_key_sealed from vapid_keys where id = ${KEY_ID}`,
    );
    return rows[0];
  };
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db.execute(sql`
      insert into vapid_keys (id, public_key, private_key_sealed)
      values (${KEY_ID}, ${made.publicKey}, ${sealSecret(config.authSecret, PURPOSE, made.privateKey)})
      on conflict (id) do nothing`);
    row = await read();
  }
  if (!row) return null;
  const privateKey = openSecret(config.authSecret, PURPOSE, row.private_key_sealed);
  return privateKey ? { publicKey: row.public_key, privateKey } : null;
}

/**
 * The `sub` claim of our VAPID JWTs: a contact for the push service's operator (RFC 8292 §2.1) — the
 * address our mail comes from.
 */
export function vapidSubject(config: Pick<Config, "mailFrom" | "publicUrl">): string {
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  if (/^[^\s@]+@[^\s@]+$/.test(address)) return `mailto:${address}`;
  return config.publicUrl.startsWith("https://") ? config.publicUrl : "mailto:no-reply@localhost";
}
