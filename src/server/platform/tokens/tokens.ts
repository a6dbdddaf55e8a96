import { createHash, randomBytes } from "node:crypto";

/** An unguessable token for a public link: 256 random bits, URL-safe. Show it once; store its hash. */
export function createToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
