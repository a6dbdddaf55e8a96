import { eq } from "drizzle-orm";
import { vehicles } from "../db/schema";
import { TEST_ORIGIN, type TestContext } from "./harness";

/**
 * Multipart uploads, sample files and truck lookups for the integration tests of every module that
 * takes a receipt (fuel, tolls, parking, the ledger). They live here, not in one module, so a test of
 * one module never imports another module's test helpers (that made a test-only module cycle).
 */

export const PDF_BYTES = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
/** The 8-byte PNG signature and a tiny IHDR: enough for the content check. */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

/** A multipart request as the browser sends it; `undefined` values are left out. */
export async function multipart(
  ctx: TestContext,
  path: string,
  cookie: string,
  fields: Record<string, string | File | undefined>,
  method = "POST",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  const res = await ctx.app.request(path, {
    method,
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers, text };
}

export const pdf = (name = "receipt.pdf") => new File([PDF_BYTES], name, { type: "application/pdf" });

export async function vehicleIdOf(ctx: TestContext, unitNumber: string): Promise<string> {
  const [row] = await ctx.deps.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.unitNumber, unitNumber));
  return row.id;
}

/** An hour ago, as the form sends it. */
export const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
