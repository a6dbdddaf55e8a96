import type { CreateLoadInput } from "@shared/loads/loads.schema";
import { eq, inArray } from "drizzle-orm";
import { loads } from "../../db/schema";
import { loadInput } from "../../testing/fixtures";
import { call, type TestContext } from "../../testing/harness";

/** Test helpers shared by the invoice and statement integration tests. */

/**
 * A load created through the API (as dispatch), then marked delivered in the database: invoicing
 * only needs a completed load, not the whole driver workflow.
 */
export async function completedLoad(
  ctx: TestContext,
  dispatcher: string,
  customerId: string,
  overrides: Partial<CreateLoadInput> = {},
): Promise<{ id: string; loadNumber: string }> {
  const res = await call(ctx, "/api/loads", {
    body: loadInput({ customerId, ...overrides }),
    cookie: dispatcher,
  });
  if (res.status !== 201) throw new Error(`load not created: ${res.status} ${JSON.stringify(res.json)}`);
  await markCompleted(ctx, [res.json.id]);
  return { id: res.json.id, loadNumber: res.json.loadNumber };
}

export async function markCompleted(ctx: TestContext, ids: string[]) {
  await ctx.deps.db
    .update(loads)
    .set({ status: "completed", deliveredAt: new Date() })
    .where(inArray(loads.id, ids));
}

export async function loadStatus(ctx: TestContext, id: string) {
  const [row] = await ctx.deps.db.select({ status: loads.status }).from(loads).where(eq(loads.id, id));
  return row?.status;
}
